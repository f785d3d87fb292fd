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
 * Split items into `count` bins balanced by weight, deterministically: heaviest first (ties by name)
 * into the lightest bin so far (ties: the lowest bin). Every machine of a matrix computes the same
 * bins from the same list, so shard i/n needs no coordination. Returns every bin, each sorted by name.
 */
export function weightedBins<T>(items: readonly T[], count: number, nameOf: (t: T) => string, weightOf: (t: T) => number): T[][] {
  const names = new Set<string>();
  for (const t of items) {
    if (names.has(nameOf(t))) throw new RangeError(`"${nameOf(t)}" is named twice: a shard holds each once`);
    names.add(nameOf(t));
  }
  const byName = (a: T, b: T) => (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0);
  const bins: T[][] = Array.from({ length: count }, () => []);
  const load = new Array<number>(count).fill(0);
  for (const t of [...items].sort((a, b) => weightOf(b) - weightOf(a) || byName(a, b))) {
    let best = 0;
    for (let k = 1; k < count; k++) if (load[k] < load[best]) best = k;
    bins[best].push(t);
    load[best] += weightOf(t);
  }
  return bins.map((b) => b.sort(byName));
}

/** Scenes in `count` bins balanced by frame count (weightedBins: longest first, ties by name). */
export function shardBins<S extends Pick<Scene, 'name' | 'durationS' | 'fps'>>(scenes: readonly S[], count: number): S[][] {
  for (const [i, s] of scenes.entries()) {
    if (scenes.findIndex((t) => t.name === s.name) !== i) throw new RangeError(`scene "${s.name}" is named twice: a shard holds each scene once`);
  }
  return weightedBins(scenes, count, (s) => s.name, sceneFrames);
}
