import { weightedBins } from './shard-scenes.ts';

/** A scene as a render's ledger line records it: its frames and its wall ms a frame. */
export interface MeasuredScene {
  scene: string;
  frames: number;
  msPerFrame: number;
}

export interface ShardTime {
  machines: number;
  /** Frames in the largest bin (the bins `eye render --shard i/n` makes: by frame count). */
  largestBinFrames: number;
  /** The slowest machine's films, s: its bin's frames × each scene's measured ms a frame, ÷ the renders it runs at a time. */
  filmsS: number;
  /** filmsS plus the tail that does not shrink with machines (merge, check, clips, report), s. */
  wholeS: number;
}

/**
 * How long the proof's films take on n machines like the one that measured them (pure: tested). The
 * scenes go into the bins `eye render --shard i/n` makes (weightedBins by frame count, as shardBins);
 * a bin's wall is the sum of its scenes' frames × their measured wall ms a frame, divided by the
 * renders a machine runs at once (`jobs`: the measured ms a frame is each render's own wall with
 * `jobs` sharing the machine). `tailS` is added once: the steps after the films, on one machine.
 */
export function shardTimes(scenes: readonly MeasuredScene[], machines: readonly number[], jobs: number, tailS: number): ShardTime[] {
  if (!Number.isInteger(jobs) || jobs < 1) throw new RangeError(`jobs ${jobs}: expected an integer ≥ 1`);
  for (const s of scenes) {
    if (!(Number.isInteger(s.frames) && s.frames >= 0 && Number.isFinite(s.msPerFrame) && s.msPerFrame >= 0)) throw new RangeError(`scene ${s.scene}: frames ${s.frames}, ${s.msPerFrame} ms a frame: expected whole frames and a time ≥ 0`);
  }
  return machines.map((n) => {
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`machines ${n}: expected an integer ≥ 1`);
    const bins = weightedBins(scenes, n, (s) => s.scene, (s) => s.frames);
    const filmsS = Math.max(...bins.map((b) => b.reduce((t, s) => t + s.frames * s.msPerFrame, 0) / jobs / 1000));
    const largestBinFrames = Math.max(...bins.map((b) => b.reduce((t, s) => t + s.frames, 0)));
    return { machines: n, largestBinFrames, filmsS: Math.round(filmsS), wholeS: Math.round(filmsS + tailS) };
  });
}
