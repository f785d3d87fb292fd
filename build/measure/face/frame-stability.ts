/** A spring as a film shows it: read once a frame. */
export interface FrameStability {
  /** Largest |value| over the frames. */
  maxAbs: number;
  /** Longest run of frames whose change flips sign every frame (a spring shaking at its frame rate). */
  longestFlipRun: number;
}

/**
 * A column read at a film's frames (`frameSteps`: the sample index of each frame), as eye.md §6 asks
 * every spring to be checked at 15 fps: how far it goes and whether its frame-to-frame change flips
 * sign frame after frame. Changes under `minStep` are no motion: by default one pixel at eye.md's
 * 36 px/mm (a 0.02 mm wiggle where two of the brow's inputs cross is not a shake; a shaking spring
 * swings by its clamp).
 */
export const ONE_PIXEL_MM = 1 / 36;

export function frameStability(col: ArrayLike<number>, frameSteps: readonly number[], minStep = ONE_PIXEL_MM): FrameStability {
  let maxAbs = 0;
  let run = 0;
  let longest = 0;
  let prev = 0;
  for (let f = 0; f < frameSteps.length; f++) {
    const v = col[frameSteps[f]];
    maxAbs = Math.max(maxAbs, Math.abs(v));
    if (f === 0) continue;
    const d = v - col[frameSteps[f - 1]];
    const sign = Math.abs(d) < minStep ? 0 : Math.sign(d);
    if (sign !== 0 && prev !== 0 && sign !== prev) run++;
    else run = 0;
    longest = Math.max(longest, run);
    prev = sign;
  }
  return { maxAbs, longestFlipRun: longest };
}
