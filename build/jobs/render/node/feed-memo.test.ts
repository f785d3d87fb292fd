import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedOf } from '../../../page/frame-feed.ts';
import { withSettings } from '../../../scene/parse.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { projectRoot } from '../../../node/io/project-root.ts';
import { tempDir } from '../../../testing/temp-dir.ts';
import { openCache } from '../../cache/node/store.ts';
import { FEED_ENTRY, feedsFor, forgetFeedsInProcess, isFeedOf } from './feed-memo.ts';
import { cacheKey } from '../../../node/io/content-key.ts';
import { codeHash } from '../../cache/node/code-hash.ts';
import { writeCachedJson } from '../../cache/node/cached-json.ts';

const tmp = tempDir('eye-feed-memo-');
const scene = withSettings(loadScene('1981-script'), { durationS: 1, fps: 30 });
const root = projectRoot();

describe('feedsFor: each scene simulated once per process, and once per code and scene with a cache', () => {
  const truth = feedOf(scene);

  it('gives feedOf, without a cache and with one, and stores it', async () => {
    forgetFeedsInProcess();
    expect((await feedsFor([scene], null, root)).get(scene.name)!.digest).toBe(truth.digest);
    forgetFeedsInProcess();
    const store = openCache(join(tmp, 'a'), () => {});
    const f = (await feedsFor([scene], store, root)).get(scene.name)!;
    expect(f).toEqual(truth);
    expect(store.list().filter((e) => e.kind === 'feeds').map((e) => e.name)).toEqual([scene.name]);
  });

  it('reads a stored feed back instead of simulating (a stored digest put there by hand comes back: it was read, not made)', async () => {
    const store = openCache(join(tmp, 'b'), () => {});
    const key = cacheKey({ kind: 'feed', code: (await codeHash(root, FEED_ENTRY)).hash, node: process.version, scene });
    const other = 'f'.repeat(64);
    writeCachedJson(store, 'feeds', key, scene.name, { ...truth, digest: other });
    forgetFeedsInProcess();
    expect((await feedsFor([scene], store, root)).get(scene.name)!.digest).toBe(other);
  });

  it('simulates again when the stored entry is damaged (its bytes no longer match their recorded hashes)', async () => {
    forgetFeedsInProcess();
    const store = openCache(join(tmp, 'c'), () => {});
    await feedsFor([scene], store, root);
    const [entry] = store.list().filter((e) => e.kind === 'feeds');
    const file = join(entry.path, 'data', 'value.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace(truth.digest, 'f'.repeat(64)));
    forgetFeedsInProcess();
    expect((await feedsFor([scene], store, root)).get(scene.name)!.digest).toBe(truth.digest);
  });

  it('refuses a stored value that is not a feed of this scene (untrusted input)', () => {
    expect(isFeedOf(truth, scene)).toBe(true);
    expect(isFeedOf({ ...truth, frameCount: truth.frameCount + 1 }, scene)).toBe(false);
    expect(isFeedOf({ ...truth, digest: 'xyz' }, scene)).toBe(false);
    expect(isFeedOf({ ...truth, trace: { ...truth.trace, columns: { ...truth.trace.columns, yawDeg: truth.trace.columns.yawDeg.slice(1) } } }, scene)).toBe(false);
    expect(isFeedOf({ ...truth, trace: { ...truth.trace, events: [{ kind: 'blink' }] } }, scene)).toBe(false);
    expect(isFeedOf(null, scene)).toBe(false);
  });
});
