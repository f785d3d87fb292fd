import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSettings } from '../../../scene/parse.ts';
import { createBrowserSession, type BrowserSession } from '../../../node/browser/browser-session.ts';
import { bundlePage } from '../../../node/browser/bundle-page.ts';
import { findBrowser } from '../../../node/browser/find-browser.ts';
import { findFfmpeg } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { feedOf } from '../../../page/frame-feed.ts';
import { openCache } from '../../cache/node/store.ts';
import { chunkPlan } from '../core/chunk-plan.ts';
import { renderChunksHere } from './render-chunked.ts';
import { renderScene } from './render-scene.ts';

const tmp = mkdtempSync(join(tmpdir(), 'eye-render-chunked-'));
const spreadStore = openCache(join(tmp, 'cache'));
// The tour across its 6-s cut (one continuous simulation, two eras), small: chunks start mid-film,
// mid-era and past the cut, each in a page that ran the model from 0 without drawing it.
const scene = withSettings(loadScene('tour'), { durationS: 7, width: 320, height: 180, fps: 30 });
const feed = feedOf(scene);
const chunks = chunkPlan(feed.frameCount, { chunkFrames: 60, minChunkedFrames: 1 });
const ffmpeg = findFfmpeg();
const sessions: BrowserSession[] = [];
const session = () => {
  const s = createBrowserSession({ executable: findBrowser(), capture: 'auto', format: 'jpeg', width: 320, height: 180 });
  sessions.push(s);
  return s;
};
const read = (out: string, file: string) => readFileSync(join(out, scene.name, file));

beforeAll(async () => {
  await bundlePage();
});
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  rmSync(tmp, { recursive: true, force: true });
});

describe('a film rendered as chunks', () => {
  const whole = join(tmp, 'whole');
  const chunked = join(tmp, 'chunked');

  it('gives exactly the one-piece render\'s per-frame outputs: frame hashes and digest, trace.json, pixels.json, assertions.json', async () => {
    expect(chunks.map((c) => c.startFrame)).toEqual([0, 53, 105, 158]);
    const one = await renderScene(scene, { spreadStore, session: session(), ffmpeg, outDir: whole, feed, holdSpread: false });
    const { summary: parts } = await renderChunksHere(scene, chunks, { spreadStore, session: session(), ffmpeg, outDir: chunked, feed, holdSpread: false });
    expect(parts.frames).toBe(210);
    expect(parts.frameHashes.perFrame).toEqual(one.frameHashes.perFrame);
    expect(parts.frameHashes.digest).toBe(one.frameHashes.digest);
    for (const file of ['trace.json', 'pixels.json', 'assertions.json']) expect(read(chunked, file).equals(read(whole, file)), file).toBe(true);
    // Every chunk's page drew the film's own stream: the summary carries the key's digest (what lets it be cached).
    expect(parts.feedDigest).toBe(feed.digest);
    expect(one.feedDigest).toBe(feed.digest);
    // Nothing of the chunks is left: one whole folder, no stage, no chunk files.
    expect(readdirSync(chunked)).toEqual([scene.name]);
    expect(readdirSync(join(chunked, scene.name)).sort()).toEqual(['assertions.json', 'film.mp4', 'pixels.json', 'stills', 'summary.json', 'trace.json']);
  }, 180_000);

  it('is one film that ffprobe checks as a one-piece film: frames, rate, size, H.264 High, yuv420p, BT.709 tags, moov first', () => {
    const a = JSON.parse(read(whole, 'summary.json').toString()).film;
    const b = JSON.parse(read(chunked, 'summary.json').toString()).film;
    expect(b.verdict.ok).toBe(true);
    const { bytes: _a, ...probeA } = a.probe;
    const { bytes: _b, ...probeB } = b.probe;
    expect(probeB).toEqual(probeA);
    expect(probeB).toMatchObject({ codec: 'h264', profile: 'High', pixFmt: 'yuv420p', colorSpace: 'bt709', colorRange: 'tv', width: 320, height: 180, fps: 30, frames: 210, packets: 210, durationS: 7 });
    expect(probeB.atoms.indexOf('moov')).toBeLessThan(probeB.atoms.indexOf('mdat'));
  });

  it('a chunk that fails leaves nothing: no folder, no stage, no chunk files (the film is whole or absent)', async () => {
    const out = join(tmp, 'fails');
    const failing = renderChunksHere(scene, chunks, {
      spreadStore,
      session: session(),
      ffmpeg,
      outDir: out,
      feed,
      onFrame: (frame) => {
        if (frame === 120) throw new Error('a fault for the test');
      },
    });
    await expect(failing).rejects.toThrow(/tour \(chunk 3 of 4\): a fault for the test/);
    expect(existsSync(join(out, scene.name))).toBe(false);
    expect(readdirSync(out)).toEqual([]);
  }, 120_000);
});
