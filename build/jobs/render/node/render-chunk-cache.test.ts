import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSettings } from '../../../scene/parse.ts';
import type { Scene } from '../../../scene/scene.ts';
import { createBrowserSession } from '../../../node/browser/browser-session.ts';
import { bundlePage } from '../../../node/browser/bundle-page.ts';
import { findBrowser } from '../../../node/browser/find-browser.ts';
import { findFfmpeg } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { cacheKey } from '../../../node/io/content-key.ts';
import { tempDir } from '../../../testing/temp-dir.ts';
import { feedDigestAt, feedOf } from '../../../page/frame-feed.ts';
import { openCache } from '../../cache/node/store.ts';
import { chunkPlan } from '../core/chunk-plan.ts';
import { chunkFrames } from './render-chunk.ts';
import { chunkLookup, restoreChunk, type ChunkCacheUse } from './render-chunk-cache.ts';
import { renderChunksHere } from './render-chunked.ts';

const tmp = tempDir('eye-chunk-cache-');
const store = openCache(join(tmp, 'cache'), () => undefined);
// A small tour, 1970 then 1981 from 2 s (frame 60), in three 30-frame chunks: [0, 30), [30, 60), [60, 90).
const tour = withSettings(loadScene('tour'), { durationS: 3, width: 320, height: 180, fps: 30 });
const before: Scene = { ...tour, tour: [{ era: '1970', atS: 0 }, { era: '1981', atS: 2 }] };
// The edit: the second era another one. It moves only the samples from 2 s on, as a model edit of a
// later era does (1981's fixMs 900 → 1100 moves the full tour's from frame 215 on).
const after: Scene = { ...before, tour: [{ era: '1970', atS: 0 }, { era: '2026', atS: 2 }] };
const FRAMES = 90;
const chunks = chunkPlan(FRAMES, { chunkFrames: 30, minChunkedFrames: 1 });
const ffmpeg = findFfmpeg();
const session = createBrowserSession({ executable: findBrowser(), capture: 'auto', format: 'jpeg', width: 320, height: 180 });
const warnings: string[] = [];
/**
 * The chunk cache as eye render uses it, but keyed by the chunk's span and the digest of the frames its
 * page draws alone. eye render's key (film-key.ts chunkKey) holds besides them the scene's fields, the
 * settings, the code and the tools, which a model edit leaves as they are; here the stream is moved by
 * the scene's later cut instead (a model edit would need an edited tree's page bundle), so the key keeps
 * what moves with the stream. What the page draws beyond its samples (size, rate, the era the mask pass
 * reads: scene.era, the tour's first) is the same in both scenes.
 */
const cache: ChunkCacheUse = { store, force: false, keyOf: (span, digest) => cacheKey({ test: 'chunk', span, digest }), onWarning: (m) => warnings.push(m) };
const options = (scene: Scene, outDir: string) => ({ spreadStore: store, session, ffmpeg, outDir, feed: feedOf(scene), holdSpread: false });
const read = (dir: string, scene: Scene, file: string) => readFileSync(join(dir, scene.name, file));

beforeAll(async () => {
  await bundlePage();
});
afterAll(() => session.close());

describe("a chunked film's chunks, each cached by the frames it draws", () => {
  it('the edit moves the last chunk\'s frames only: the first two chunks keep their keys', () => {
    expect(chunks.map((c) => [c.startFrame, c.endFrame])).toEqual([
      [0, 30],
      [30, 60],
      [60, 90],
    ]);
    const keys = (s: Scene) => chunks.map((c) => chunkLookup(s, c, FRAMES, cache).key);
    const [a, b] = [keys(before), keys(after)];
    expect([a[0] === b[0], a[1] === b[1], a[2] === b[2]]).toEqual([true, true, false]);
  });

  it('renders only the chunk whose samples changed, restores the others, and joins the same film as a render from scratch', async () => {
    const first = await renderChunksHere(before, chunks, options(before, join(tmp, 'before')), cache);
    expect(first.chunks).toEqual({ restored: 0, rendered: 3 });
    expect(store.list().filter((e) => e.kind === 'chunks')).toHaveLength(3);

    const edited = await renderChunksHere(after, chunks, options(after, join(tmp, 'after')), cache);
    expect(edited.chunks).toEqual({ restored: 2, rendered: 1 });
    expect(warnings).toEqual([]);
    // From scratch, no cache: the same frames, the same mask rows, the same verdicts.
    const scratch = await renderChunksHere(after, chunks, options(after, join(tmp, 'scratch')));
    expect(scratch.chunks).toEqual({ restored: 0, rendered: 3 });
    expect(edited.summary.frameHashes.perFrame).toEqual(scratch.summary.frameHashes.perFrame);
    expect(edited.summary.frameHashes.digest).toBe(scratch.summary.frameHashes.digest);
    for (const file of ['trace.json', 'pixels.json', 'assertions.json']) expect(read(join(tmp, 'after'), after, file).equals(read(join(tmp, 'scratch'), after, file)), file).toBe(true);
    // The joined film was drawn from the edited stream (what lets it be cached whole), and is a whole film.
    expect(edited.summary.feedDigest).toBe(feedOf(after).digest);
    expect(edited.summary.film.verdict.ok).toBe(true);
    expect(edited.summary.frames).toBe(FRAMES);
    // The film before the edit differs where its samples do: only in the last chunk's frames.
    const differ = first.summary.frameHashes.perFrame.flatMap((h, i) => (h === scratch.summary.frameHashes.perFrame[i] ? [] : [i]));
    expect(differ.length).toBeGreaterThan(0);
    expect(Math.min(...differ)).toBeGreaterThanOrEqual(60);

    // Nothing changed since: every chunk restored, nothing rendered, the same film.
    const again = await renderChunksHere(after, chunks, options(after, join(tmp, 'again')), cache);
    expect(again.chunks).toEqual({ restored: 3, rendered: 0 });
    expect(again.summary.frameHashes.digest).toBe(scratch.summary.frameHashes.digest);
  }, 300_000);

  /**
   * Why a chunk key cannot hit wrongly: it holds Node's digest of exactly the frames the page draws for
   * the chunk (frame 0's record at load, the warm-up's, the chunk's own, the film's end for the last:
   * every sample, time and pointer handed to the renderer, and the film's length), with everything else
   * the film key holds; a chunk is stored only when its page's own digest equalled Node's; and a restore
   * holds the entry's digest to Node's over the frames its render actually drew (a warm-up that went
   * further back drew more than the key says). What is left is untrusted input, checked exactly here.
   */
  describe('an entry that is not exactly this chunk\'s is a miss', () => {
    const chunk = chunks[1];
    const look = () => chunkLookup(after, chunk, FRAMES, cache);
    const entryJson = () => JSON.parse(readFileSync(join(store.lookup('chunks', look().key)!, 'chunk.json'), 'utf8')) as Record<string, unknown>;
    const good = () => entryJson();
    const mp4 = () => readFileSync(join(store.lookup('chunks', look().key)!, 'chunk.mp4'));
    const rewrite = (entry: unknown, film = mp4()) =>
      store.put('chunks', look().key, 'test', (dir) => {
        writeFileSync(join(dir, 'chunk.json'), typeof entry === 'string' ? entry : JSON.stringify(entry));
        writeFileSync(join(dir, 'chunk.mp4'), film);
      });
    const restore = () => restoreChunk(after, chunk, FRAMES, tempDir('eye-chunk-stage-'), cache, look(), true);

    it('one with a field more or less, a hash short, a row short, another span, a wrong digest, a bad capture word, or broken JSON', () => {
      const original = good();
      const film = mp4();
      expect(restore()).not.toBeNull();
      const rows = structuredClone(original.pixelRows) as { columns: Record<string, unknown[]> }[];
      for (const col of Object.values(rows[0].columns)) col.pop();
      const variants: [string, unknown][] = [
        ['a field more', { ...original, extra: 1 }],
        ['a field less', (({ attempts: _, ...rest }) => rest)(original)],
        ['a hash short', { ...original, frameHashes: (original.frameHashes as string[]).slice(1) }],
        ['a hash not hex', { ...original, frameHashes: (original.frameHashes as string[]).map((h, i) => (i === 3 ? h.toUpperCase().replace(/[0-9]/g, 'Z') : h)) }],
        ['a row short', { ...original, pixelRows: rows }],
        ['rows of an unmeasured film', { ...original, pixelRows: null }],
        ['another span', { ...original, endFrame: 61 }],
        ['a warm-up start no render uses', { ...original, warmupFrom: 7 }],
        ['a digest of other frames', { ...original, digest: feedDigestAt(after, chunkFrames(chunks[2], 45, FRAMES)) }],
        ['not a digest', { ...original, digest: 'x' }],
        ['a negative timing', { ...original, totalMs: -1 }],
        ['a control character in its capture', { ...original, capture: { ...(original.capture as object), browser: 'Chromium\u001b[31m' } }],
        ['an unknown capture method', { ...original, capture: { ...(original.capture as object), method: 'magic' } }],
        ['broken JSON', '{"startFrame": 30,'],
      ];
      for (const [what, entry] of variants) {
        rewrite(entry, film);
        warnings.length = 0;
        expect(restore(), what).toBeNull();
        expect(warnings, what).toEqual([expect.stringMatching(/^tour: chunk 2: the chunks entry [0-9a-f]{12} is not this chunk's \(.+\): rendered again$/)]);
      }
      rewrite(original, film);
      expect(restore()).not.toBeNull();
    });

    it('one whose warm-up went further back (the lids shut) is held to the samples of the frames it drew now', () => {
      const original = good();
      // Chunk 2 of 3 can warm up from 15, or after a warm-up that never showed the pupil, from 0.
      rewrite({ ...original, warmupFrom: 0, digest: feedDigestAt(after, chunkFrames(chunk, 0, FRAMES)) });
      expect(restore()?.warmupFrames).toBe(30);
      // Those frames drawn from another stream (the key's frames 15–59 the same): a miss.
      const other = withSettings(after, { seed: after.seed + 1 });
      rewrite({ ...original, warmupFrom: 0, digest: feedDigestAt(other, chunkFrames(chunk, 0, FRAMES)) });
      warnings.length = 0;
      expect(restore()).toBeNull();
      expect(warnings[0]).toMatch(/drawn from frames whose samples are not these/);
      rewrite(original);
    });

    it('a damaged entry in a run is rendered again and replaced; the film is the same', async () => {
      const original = good();
      rewrite({ ...original, frameHashes: (original.frameHashes as string[]).slice(1) });
      warnings.length = 0;
      const r = await renderChunksHere(after, chunks, options(after, join(tmp, 'damaged')), cache);
      expect(r.chunks).toEqual({ restored: 2, rendered: 1 });
      expect(warnings).toEqual([expect.stringMatching(/chunk 2: the chunks entry .* is not this chunk's \(not a hash per frame\)/)]);
      // The same frames, rows and stream as before (its timings are this render's).
      const { frameHashes, pixelRows, digest, warmupFrom } = good();
      expect({ frameHashes, pixelRows, digest, warmupFrom }).toEqual({ frameHashes: original.frameHashes, pixelRows: original.pixelRows, digest: original.digest, warmupFrom: original.warmupFrom });
      expect(read(join(tmp, 'damaged'), after, 'pixels.json').equals(read(join(tmp, 'scratch'), after, 'pixels.json'))).toBe(true);
      expect(r.summary.frameHashes.perFrame).toEqual(JSON.parse(read(join(tmp, 'scratch'), after, 'summary.json').toString()).frameHashes.perFrame);
    }, 120_000);
  });
});
