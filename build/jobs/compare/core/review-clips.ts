import type { Preset } from '../../../scene/scene.ts';
import { weightedBins, type Shard } from '../../shard/core/shard-scenes.ts';

/** One clip `eye clips` makes: what `eye compare` is asked for. */
export interface ReviewClip {
  /** The clip's file name in the clips folder. */
  file: string;
  /** The scenes side by side, or the one scene shown as each of `presets`. */
  scenes: string[];
  presets?: Preset[];
  /** Panels scaled to the tile size in the clip (the eras' tile), else shown at their render size. */
  tiled: boolean;
}

const SCRIPT = /^(\d{4})-script$/;

/** The eras with a script scene among these scene names, sorted. */
export function scriptEras(sceneNames: readonly string[]): string[] {
  return [...new Set(sceneNames.filter((n) => SCRIPT.test(n)).map((n) => n.slice(0, 4)))].sort();
}

/**
 * The review clips for these scene names (as listed under scenes/): per era script scene, its none /
 * generic / tuned presets side by side (from its own <era>-script-none and -generic files when both
 * exist, else the tuned scene as each preset at its own seed), then every era's tuned script tiled.
 * `eras`, when given, keeps only those eras (the tile then holds just them, and needs two).
 */
export function reviewClips(sceneNames: readonly string[], eras: readonly string[] = []): ReviewClip[] {
  const names = new Set(sceneNames);
  const scripts = [...names].filter((n) => SCRIPT.test(n) && (eras.length === 0 || eras.includes(n.slice(0, 4)))).sort();
  const clips: ReviewClip[] = scripts.map((s) => {
    const era = s.slice(0, 4);
    const file = `${era}-none-generic-tuned.mp4`;
    if (names.has(`${s}-none`) && names.has(`${s}-generic`)) return { file, scenes: [`${s}-none`, `${s}-generic`, s], tiled: false };
    return { file, scenes: [s], presets: ['none', 'generic', 'tuned'], tiled: false };
  });
  if (scripts.length >= 2) clips.push({ file: 'eras-tuned.mp4', scenes: scripts, tiled: true });
  return clips;
}

/** A clip's panels: the measure of its cost (every panel is a render of the same length, or restored). */
export function clipPanels(c: ReviewClip): number {
  return c.presets ? c.scenes.length * c.presets.length : c.scenes.length;
}

/**
 * Shard i of n of the review clips (`eye clips --shard i/n`): the clips in n bins balanced by their
 * panels (weightedBins, as the films are by frames), this shard's bin in the order reviewClips lists
 * them (an era's clip before the tile, so the tile restores that era's tuned panel from the cache).
 */
export function shardClips(clips: readonly ReviewClip[], shard: Shard): ReviewClip[] {
  const bin = new Set(weightedBins(clips, shard.count, (c) => c.file, clipPanels)[shard.index - 1]);
  return clips.filter((c) => bin.has(c));
}
