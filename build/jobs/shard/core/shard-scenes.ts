import type { Scene } from '../../../scene/scene.ts';

/** `i/n`: this is shard i of n (1-based). */
export interface Shard {
  index: number;
  count: number;
}

/** Most shards a run may be split into (a CI matrix wider than this has more machines than scenes). */
export const MAX_SHARDS = 64;

/** Parse `--shard i/n`; RangeError stating the allowed form and range. */
export function parseShard(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || count > MAX_SHARDS || index < 1 || index > count) {
    throw new RangeError(`expected i/n with 1 ≤ i ≤ n ≤ ${MAX_SHARDS} (e.g. 2/3), got "${text}"`);
  }
  return { index, count };
}

/** A scene's frame count, the measure of its cost. */
export function sceneFrames(scene: Pick<Scene, 'durationS' | 'fps'>): number {
  return Math.round(scene.durationS * scene.fps);
}

/**
 * Split scenes into `count` bins balanced by frame count, deterministically: longest first (ties by
 * name) into the bin with the fewest frames so far (ties: the lowest bin). Every machine of a matrix
 * computes the same bins from the same scene list, so shard i/n needs no coordination. Returns every
 * bin, each sorted by name.
 */
export function shardBins<S extends Pick<Scene, 'name' | 'durationS' | 'fps'>>(scenes: readonly S[], count: number): S[][] {
  const names = new Set<string>();
  for (const s of scenes) {
    if (names.has(s.name)) throw new RangeError(`scene "${s.name}" is named twice: a shard holds each scene once`);
    names.add(s.name);
  }
  const bins: S[][] = Array.from({ length: count }, () => []);
  const frames = new Array<number>(count).fill(0);
  const order = [...scenes].sort((a, b) => sceneFrames(b) - sceneFrames(a) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const s of order) {
    let best = 0;
    for (let k = 1; k < count; k++) if (frames[k] < frames[best]) best = k;
    bins[best].push(s);
    frames[best] += sceneFrames(s);
  }
  return bins.map((b) => b.sort((a, b2) => (a.name < b2.name ? -1 : a.name > b2.name ? 1 : 0)));
}
