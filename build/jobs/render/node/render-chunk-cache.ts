import { constants, copyFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PIXEL_FIELDS, type PixelChunk } from '../../../measure/pixels/pixel-trace.ts';
import type { Scene } from '../../../scene/scene.ts';
import { safeText } from '../../../errors/safe-text.ts';
import { feedDigestAt } from '../../../page/frame-feed.ts';
import type { CacheStore } from '../../cache/node/store.ts';
import type { ChunkSpan } from '../../cache/node/film-key.ts';
import { warmupStartFrame, type FilmChunk } from '../core/chunk-plan.ts';
import { FRAME_FORMATS } from '../../../node/browser/capture-frame.ts';
import { FrameHashes } from './frame-hashes.ts';
import { chunkFrames, type ChunkResult, type KnownDigest } from './render-chunk.ts';
import { sameKeys } from '../../../core/shape/same-keys.ts';

/**
 * How a chunked film's chunks use the cache: each chunk is an entry of its own (`cache/chunks/<key>/`),
 * keyed by what it shows (film-key.ts chunkKey: the film key's every part but the stream, with the
 * chunk's span and the digest of exactly the frames its page draws). A film whose key misses restores
 * every chunk whose key hits and renders the rest, then joins them as ever.
 */
export interface ChunkCacheUse {
  store: CacheStore;
  /** The chunk's key: film-key.ts chunkKey with the run's scene, settings and code (tests: a key of the span and digest alone). */
  keyOf(span: ChunkSpan, framesDigest: string): string;
  /** Render even when an entry exists (and replace it): --force. */
  force: boolean;
  /** Told when an entry is refused or could not be written (the render itself stands). */
  onWarning?: (message: string) => void;
}

/** What a chunk is looked up by: its key, built from its first warm-up's span and Node's digest of those frames. */
export interface ChunkLookup extends KnownDigest {
  key: string;
  span: ChunkSpan;
}

/** chunk.json: what a chunk's render found, beside its encoded frames (chunk.mp4). */
interface ChunkEntry {
  startFrame: number;
  endFrame: number;
  frameCount: number;
  /** The warm-up start the render used (the key's, or one further back after a warm-up with the lids shut). */
  warmupFrom: number;
  /** Node's digest of the frames the page drew from warmupFrom, which the page's own equalled. */
  digest: string;
  /** Full sha256 of each captured frame, in order. */
  frameHashes: string[];
  /** The page's mask rows of the chunk's frames (null: not measured). */
  pixelRows: PixelChunk[] | null;
  captureMs: number;
  waitMs: number;
  totalMs: number;
  attempts: number;
  capture: ChunkResult['capture'];
}

const ENTRY_KEYS = ['attempts', 'capture', 'captureMs', 'digest', 'endFrame', 'frameCount', 'frameHashes', 'pixelRows', 'startFrame', 'totalMs', 'waitMs', 'warmupFrom'];
const CAPTURE_KEYS = ['browser', 'format', 'method', 'probe'];
const CAPTURE_METHODS: readonly string[] = ['canvas', 'beginFrame', 'screenshot'];
const FORMATS: readonly string[] = FRAME_FORMATS;
const HEX64 = /^[0-9a-f]{64}$/;
/** The capture's words (its probe's finding, the browser's version) as summary.json keeps them: printable, no control characters. */
const PRINTABLE = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]{0,1000}$/u;

/** The frame a chunk's page steps to first after load: its own start for the first chunk, else its first warm-up's. */
export function firstWarmupFrom(chunk: FilmChunk): number {
  return chunk.startFrame === 0 ? 0 : warmupStartFrame(chunk.startFrame, 0);
}

/** The warm-up starts a render of this chunk can have used (stepToChunk: each retry 4× further back, down to 0). */
function warmupStarts(chunk: FilmChunk): number[] {
  if (chunk.startFrame === 0) return [0];
  const starts = [];
  for (let attempt = 0; ; attempt++) {
    starts.push(warmupStartFrame(chunk.startFrame, attempt));
    if (starts.at(-1) === 0) return starts;
  }
}

/** The chunk's key as a run looks it up (Node's digest of the frames its first warm-up draws: ~0.05–0.3 s a tour chunk). */
export function chunkLookup(scene: Scene, chunk: FilmChunk, frameCount: number, cache: ChunkCacheUse): ChunkLookup {
  const warmupFrom = firstWarmupFrom(chunk);
  const digest = feedDigestAt(scene, chunkFrames(chunk, warmupFrom, frameCount));
  const span = { startFrame: chunk.startFrame, endFrame: chunk.endFrame, frameCount, warmupFrom };
  return { key: cache.keyOf(span, digest), span, warmupFrom, digest };
}

/** The mask rows a chunk's render keeps: one for each of its own frames (the film's end, stepped to by the last chunk, draws none). */
function rowFrames(chunk: FilmChunk): number[] {
  return Array.from({ length: chunk.endFrame - chunk.startFrame }, (_, i) => chunk.startFrame + i);
}

const count = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** Whether `rows` are mask rows of exactly `frames` (PixelChunk's shape: every field a column of numbers or nulls, no key more). */
function isRowsOf(rows: unknown, frames: readonly number[]): rows is PixelChunk[] {
  if (!Array.isArray(rows)) return false;
  const seen: unknown[] = [];
  for (const r of rows as unknown[]) {
    if (!r || typeof r !== 'object' || Array.isArray(r) || !sameKeys(r, ['columns'])) return false;
    const columns = (r as PixelChunk).columns as unknown;
    if (!columns || typeof columns !== 'object' || Array.isArray(columns) || !sameKeys(columns, PIXEL_FIELDS)) return false;
    const cols = columns as Record<string, unknown>;
    const n = Array.isArray(cols.frame) ? cols.frame.length : -1;
    for (const f of PIXEL_FIELDS) {
      const col = cols[f];
      if (!Array.isArray(col) || col.length !== n || !col.every((x) => x === null || (typeof x === 'number' && Number.isFinite(x)))) return false;
    }
    seen.push(...(cols.frame as unknown[]));
  }
  return seen.length === frames.length && seen.every((f, i) => f === frames[i]);
}

/**
 * Why `v` is not this chunk's entry, or null when it is: untrusted input (an entry re-written through
 * the store with good hashes is still foreign), checked exactly: no key more or less, every field its
 * type, the chunk's own span and film length, a warm-up start a render of it can have used, a 64-digit
 * digest, one 64-digit hash per frame, mask rows of exactly its frames when measured (else null).
 */
function entryProblem(v: unknown, chunk: FilmChunk, frameCount: number, measured: boolean): string | null {
  if (!v || typeof v !== 'object' || Array.isArray(v) || !sameKeys(v, ENTRY_KEYS)) return 'not a chunk entry (its fields)';
  const e = v as ChunkEntry;
  if (e.startFrame !== chunk.startFrame || e.endFrame !== chunk.endFrame || e.frameCount !== frameCount) return 'another span';
  if (!warmupStarts(chunk).includes(e.warmupFrom)) return 'a warm-up start no render of it uses';
  if (typeof e.digest !== 'string' || !HEX64.test(e.digest)) return 'no digest';
  const frames = chunk.endFrame - chunk.startFrame;
  if (!Array.isArray(e.frameHashes) || e.frameHashes.length !== frames || !e.frameHashes.every((h) => typeof h === 'string' && HEX64.test(h))) return 'not a hash per frame';
  if (measured ? !isRowsOf(e.pixelRows, rowFrames(chunk)) : e.pixelRows !== null) return 'not mask rows of its frames';
  if (!count(e.captureMs) || !count(e.waitMs) || !count(e.totalMs) || !Number.isInteger(e.attempts) || e.attempts < 1 || e.attempts > 100) return 'its timings';
  const c = e.capture as unknown;
  if (!c || typeof c !== 'object' || Array.isArray(c) || !sameKeys(c, CAPTURE_KEYS)) return 'its capture';
  const { method, format, probe, browser } = c as Record<string, unknown>;
  if (!CAPTURE_METHODS.includes(method as string) || !FORMATS.includes(format as string) || typeof probe !== 'string' || typeof browser !== 'string' || !PRINTABLE.test(probe) || !PRINTABLE.test(browser)) return 'its capture';
  return null;
}

/**
 * The chunk restored from its entry into `<stage>/chunk-NNN.mp4`, or null (no entry, or not this
 * chunk's: a miss, said in one line, and the chunk is rendered and its entry replaced).
 *
 * A wrong hit cannot be built: the key holds Node's digest of exactly the frames the page draws for the
 * chunk (frame 0's record, the warm-up's, the chunk's, the end for the last: every sample, time and
 * pointer it hands the renderer, with the film's length), beside every non-stream part of the film key;
 * an entry is stored only when the page's own digest of what it drew equalled Node's for the frames it
 * drew; and a warm-up that retried further back (its lids shut) drew more frames than the key holds, so
 * the restore simulates those frames now and holds them to the entry's digest.
 */
export function restoreChunk(scene: Scene, chunk: FilmChunk, frameCount: number, stage: string, cache: ChunkCacheUse, look: ChunkLookup, measured: boolean): ChunkResult | null {
  const data = cache.store.lookup('chunks', look.key);
  if (!data) return null;
  const refuse = (why: string) => {
    cache.onWarning?.(`${scene.name}: chunk ${chunk.index + 1}: the chunks entry ${look.key.slice(0, 12)} is not this chunk's (${safeText(why)}): rendered again`);
    return null;
  };
  try {
    const e = JSON.parse(readFileSync(join(data, 'chunk.json'), 'utf8')) as unknown;
    const problem = entryProblem(e, chunk, frameCount, measured);
    if (problem) return refuse(problem);
    const entry = e as ChunkEntry;
    const now = entry.warmupFrom === look.warmupFrom ? look.digest : feedDigestAt(scene, chunkFrames(chunk, entry.warmupFrom, frameCount));
    if (entry.digest !== now) return refuse(`drawn from frames whose samples are not these (digest ${entry.digest.slice(0, 12)}, now ${now.slice(0, 12)})`);
    const film = join(data, 'chunk.mp4');
    if (!statSync(film).isFile() || statSync(film).size === 0) return refuse('no film');
    const file = join(stage, `chunk-${String(chunk.index).padStart(3, '0')}.mp4`);
    copyFileSync(film, file, constants.COPYFILE_FICLONE);
    return {
      chunk,
      file,
      hashes: FrameHashes.of(entry.frameHashes),
      pixelRows: entry.pixelRows,
      captureMs: entry.captureMs,
      waitMs: entry.waitMs,
      totalMs: entry.totalMs,
      attempts: entry.attempts,
      warmupFrames: chunk.startFrame - entry.warmupFrom,
      feedAgrees: true,
      pageDigest: entry.digest,
      capture: entry.capture,
      restored: true,
    };
  } catch (err) {
    return refuse((err as Error).message.split('\n')[0]);
  }
}

/**
 * Store a chunk just rendered under its key, whole or not at all (the store's put): only when the page's
 * digest of what it drew was Node's for the same frames. Its entry is checked as a restore would check
 * it first, so nothing is stored that would not be served.
 */
export function storeChunk(scene: Scene, r: ChunkResult, frameCount: number, cache: ChunkCacheUse, look: ChunkLookup, measured: boolean): void {
  if (!r.feedAgrees || r.restored) return;
  const entry: ChunkEntry = {
    startFrame: r.chunk.startFrame,
    endFrame: r.chunk.endFrame,
    frameCount,
    warmupFrom: r.chunk.startFrame - r.warmupFrames,
    digest: r.pageDigest,
    frameHashes: [...r.hashes.hashes],
    pixelRows: r.pixelRows,
    captureMs: r.captureMs,
    waitMs: r.waitMs,
    totalMs: r.totalMs,
    attempts: r.attempts,
    capture: r.capture,
  };
  const problem = entryProblem(JSON.parse(JSON.stringify(entry)), r.chunk, frameCount, measured);
  if (problem) {
    cache.onWarning?.(`${scene.name}: chunk ${r.chunk.index + 1}: not cached (${problem})`);
    return;
  }
  try {
    cache.store.put('chunks', look.key, `${scene.name} chunk ${r.chunk.index + 1}`, (dir) => {
      copyFileSync(r.file, join(dir, 'chunk.mp4'), constants.COPYFILE_FICLONE);
      writeFileSync(join(dir, 'chunk.json'), JSON.stringify(entry));
    });
  } catch (err) {
    cache.onWarning?.(`${scene.name}: chunk ${r.chunk.index + 1}: not cached (${(err as Error).message.split('\n')[0]})`);
  }
}
