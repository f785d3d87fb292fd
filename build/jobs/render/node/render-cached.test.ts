import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError } from '../../../errors/exit.ts';
import { feedOf } from '../../../page/frame-feed.ts';
import { withSettings } from '../../../scene/parse.ts';
import { tempDir } from '../../../testing/temp-dir.ts';
import { createBrowserSession } from '../../../node/browser/browser-session.ts';
import { findBrowser } from '../../../node/browser/find-browser.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { findFfmpeg } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { cacheKey } from '../../../node/io/content-key.ts';
import { renderCached } from './render-cached.ts';
import { openCache } from '../../cache/node/store.ts';
import { spreadKey, spreadPlan } from '../../check/node/era-spread.ts';
import { DEFAULT_PARAMS } from '../../../measure/params.ts';

const tmp = tempDir('eye-render-cached-');
const scene = withSettings(loadScene('1970-script'), { durationS: 0.5, width: 320, height: 180, fps: 30 });
const ffmpeg = findFfmpeg();
const session = createBrowserSession({ executable: findBrowser(), capture: 'auto', format: 'jpeg', width: 320, height: 180 });
afterAll(() => session.close());
const read = (dir: string, f: string) => readFileSync(join(dir, scene.name, f), 'utf8');

describe('renderCached: a film keyed by its samples, its model files made again on restore', () => {
  const feed = feedOf(scene);
  const out = join(tmp, 'proof');
  const store = openCache(join(tmp, 'cache'));
  const key = cacheKey({ test: 'film', feed: feed.digest });
  const o = { session, ffmpeg, outDir: out, measure: { maskScale: 0.5 }, holdSpread: false, feed, spreadStore: store };

  it("renders, and stores the film under its key since the page's digest of what it drew is Node's", async () => {
    const first = await renderCached(scene, o, { store, key, force: false });
    expect(first.cached).toBe(false);
    expect(first.summary.feedDigest).toBe(feed.digest);
    expect(store.lookup('films', key)).not.toBeNull();
    // The era spread the film was held to is an entry of the same store (--cache-dir), not a private file.
    const spreads = store.list().filter((e) => e.kind === 'spreads');
    expect(spreads.map((e) => [e.name, e.key])).toEqual([[scene.name, await spreadKey(scene, spreadPlan(scene), DEFAULT_PARAMS)]]);
    // The trace is Node's simulation (which the page's own run was held to).
    expect(JSON.parse(read(out, 'trace.json')).source).toMatch(/^node/);
  }, 120_000);

  it('restores it with nothing to refresh while the model is unchanged', async () => {
    const before = ['trace.json', 'pixels.json', 'assertions.json', 'summary.json'].map((f) => read(out, f));
    const again = await renderCached(scene, o, { store, key, force: false });
    expect(again).toMatchObject({ cached: true, refreshed: [] });
    expect(['trace.json', 'pixels.json', 'assertions.json', 'summary.json'].map((f) => read(out, f))).toEqual(before);
  }, 60_000);

  it("remakes a restored folder's model files when the model's run differs between the frames (same samples drawn, so the same key), and stores them", async () => {
    const trace = read(out, 'trace.json');
    // As a model edit that moves the pupil at a 240 Hz step no frame shows: the film's samples, its key, stay.
    const between = structuredClone(feed.trace);
    between.columns.pupilMm[1] += 0.01;
    const r = await renderCached(scene, { ...o, feed: { ...feed, trace: between } }, { store, key, force: false });
    expect(r.cached).toBe(true);
    expect(r.refreshed).toContain('trace.json');
    expect(r.refreshed).toContain('stills/');
    expect(read(out, 'trace.json')).not.toBe(trace);
    // The model as it was: its files come back, and the entry now holds them (a further restore refreshes nothing).
    expect((await renderCached(scene, o, { store, key, force: false })).refreshed).toContain('trace.json');
    expect(read(out, 'trace.json')).toBe(trace);
    expect((await renderCached(scene, o, { store, key, force: false })).refreshed).toEqual([]);
  }, 60_000);

  it('fails loudly on an entry that was drawn from another sample stream than its key says', async () => {
    const other = withSettings(scene, { seed: scene.seed + 1 });
    // The entry under `key` holds this scene's film; ask for it as another stream's.
    const wrong = { ...o, feed: feedOf(other) };
    const err = await renderCached(scene, wrong, { store, key, force: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(4);
    expect((err as CliError).message).toMatch(/the cached film was drawn from sample stream [0-9a-f]{12}, not [0-9a-f]{12}/);
  }, 60_000);

  it("fails a render whose page leaves Node's simulation (a deliberately wrong Node trace), and stores nothing", async () => {
    const other = feedOf(withSettings(scene, { seed: scene.seed + 1 }));
    const k2 = cacheKey({ test: 'film', wrong: true });
    const err = await renderCached(scene, { ...o, outDir: join(tmp, 'proof2'), feed: { ...feed, trace: other.trace } }, { store, key: k2, force: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(4);
    expect((err as CliError).message).toMatch(/the page's model left Node's simulation of the scene \(\w+(\[\d+\])?: .* beyond 1e-9\): Node ≡ page determinism is broken/);
    expect(store.lookup('films', k2)).toBeNull();
  }, 120_000);
});
