import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { feedOf } from '../../../page/frame-feed.ts';
import { frameCount, stepsAtFrame } from '../../../model/time/clock.ts';
import { SAMPLE_FIELDS } from '../../../model/types.ts';
import { isTruthEvent } from '../../../model/truth-event-shape.ts';
import type { Scene } from '../../../scene/scene.ts';
import { cacheKey } from '../../../node/io/content-key.ts';
import { codeHash } from '../../cache/node/code-hash.ts';
import type { CacheStore } from '../../cache/node/store.ts';
import { sameKeys } from '../../../core/shape/same-keys.ts';

export type Feed = ReturnType<typeof feedOf>;

/** The module whose import graph computes a feed: FrameFeed, the Player, the model, the pointer track, the digest. */
export const FEED_ENTRY = 'build/page/frame-feed.ts';

const memo = new Map<string, Feed>();

/**
 * Each scene's feed (its sample stream's digest and the model's trace: feedOf), simulated at most
 * once per process and, with a cache, once per (code, Node, scene): a warm run used to simulate
 * every scene again (~0.1–0.3 s a 20 s scene, more than half of a run that renders nothing).
 *
 * The stored feed is keyed by everything feedOf is a function of: FEED_ENTRY's import graph as
 * esbuild bundles it (code-hash.ts), the scene (every field, name included), and the Node version
 * (its Math.exp, sin … decide the last bits). An entry is untrusted: one that is not a feed of this
 * scene's length (a digest of 64 hex digits, every column one number a 240 Hz step, events with
 * their times) is a miss, simulated and replaced. A wrong digest could not pass silently either: a
 * render holds the page's own digest to it, and a restore the film's (render-cached.ts).
 */
export async function feedsFor(scenes: readonly Scene[], store: CacheStore | null, root: string): Promise<Map<string, Feed>> {
  const code = store ? (await codeHash(root, FEED_ENTRY)).hash : '';
  const out = new Map<string, Feed>();
  for (const scene of scenes) out.set(scene.name, feedStored(scene, store, code));
  return out;
}

/** Forget the feeds this process holds (tests: to read them back from the cache). */
export function forgetFeedsInProcess(): void {
  memo.clear();
}

function feedStored(scene: Scene, store: CacheStore | null, code: string): Feed {
  const inProcess = cacheKey(scene);
  const hit = memo.get(inProcess);
  if (hit) return hit;
  const key = store ? cacheKey({ kind: 'feed', code, node: process.version, scene }) : null;
  let feed: Feed | null = store && key ? readFeed(store, key, scene) : null;
  if (!feed) {
    feed = feedOf(scene);
    if (store && key) writeFeed(store, key, scene.name, feed);
  }
  memo.set(inProcess, feed);
  return feed;
}

/** A stored feed's small part (its columns are columns.f64 beside it). */
interface FeedHead {
  digest: string;
  frameCount: number;
  fields: string[];
  samples: number;
  events: Feed['trace']['events'];
}

/**
 * The trace's columns as raw float64s (little-endian, column after column), the rest as JSON: a
 * 20 s feed as JSON was ~1.5 MB that the cache's lookup parsed once to check it and the reader again
 * with a reviver for NaN (~0.1 s a scene, most of what the memo was to save); as numbers it is read
 * as it lies, NaN and all.
 */
function writeFeed(store: CacheStore, key: string, name: string, feed: Feed): void {
  const n = feed.trace.columns.tMs.length;
  const head: FeedHead = { digest: feed.digest, frameCount: feed.frameCount, fields: [...SAMPLE_FIELDS], samples: n, events: feed.trace.events };
  const columns = new Float64Array(SAMPLE_FIELDS.length * n);
  SAMPLE_FIELDS.forEach((f, i) => columns.set(feed.trace.columns[f], i * n));
  store.put('feeds', key, name, (dir) => {
    writeFileSync(join(dir, 'feed.json'), JSON.stringify(head));
    writeFileSync(join(dir, 'columns.f64'), new Uint8Array(columns.buffer));
  });
}

const HEAD_KEYS: readonly (keyof FeedHead)[] = ['digest', 'events', 'fields', 'frameCount', 'samples'];

/** A stored feed of this scene, or null (none, or not one: untrusted input). */
function readFeed(store: CacheStore, key: string, scene: Scene): Feed | null {
  const dir = store.lookup('feeds', key);
  if (!dir) return null;
  try {
    const head = JSON.parse(readFileSync(join(dir, 'feed.json'), 'utf8')) as FeedHead;
    const frames = frameCount(scene.durationS, scene.fps);
    const n = stepsAtFrame(frames, scene.fps) + 1;
    if (!head || typeof head !== 'object' || !sameKeys(head, HEAD_KEYS) || head.samples !== n || !Array.isArray(head.fields) || head.fields.join() !== SAMPLE_FIELDS.join()) return null;
    const bytes = readFileSync(join(dir, 'columns.f64'));
    if (bytes.length !== 8 * n * SAMPLE_FIELDS.length) return null;
    const all = new Float64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    const columns = Object.fromEntries(SAMPLE_FIELDS.map((f, i) => [f, Array.from(all.subarray(i * n, (i + 1) * n))])) as Feed['trace']['columns'];
    const feed: Feed = { digest: head.digest, frameCount: head.frameCount, trace: { columns, events: head.events } };
    return isFeedOf(feed, scene) ? feed : null;
  } catch {
    return null;
  }
}

/**
 * Whether `v` has the shape of `scene`'s feed: its values are the key's to vouch for, its shape is
 * checked here, exactly (no key more, every event a TruthEvent with printable labels): an entry
 * re-written through the store with good hashes is still untrusted, and its events are printed.
 */
export function isFeedOf(v: unknown, scene: Scene): v is Feed {
  if (!v || typeof v !== 'object') return false;
  const f = v as Partial<Feed>;
  if (!sameKeys(f, ['digest', 'frameCount', 'trace'])) return false;
  const frames = frameCount(scene.durationS, scene.fps);
  if (typeof f.digest !== 'string' || !/^[0-9a-f]{64}$/.test(f.digest) || f.frameCount !== frames) return false;
  const t = f.trace;
  if (!t || typeof t !== 'object' || !sameKeys(t, ['columns', 'events']) || !t.columns || typeof t.columns !== 'object' || !Array.isArray(t.events)) return false;
  if (!sameKeys(t.columns, SAMPLE_FIELDS)) return false;
  const samples = stepsAtFrame(frames, scene.fps) + 1;
  for (const field of SAMPLE_FIELDS) {
    const col = (t.columns as Record<string, unknown>)[field];
    if (!Array.isArray(col) || col.length !== samples || !col.every((x) => typeof x === 'number')) return false;
  }
  return t.events.every(isTruthEvent);
}
