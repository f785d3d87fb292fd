/** A run of frames that changed, widened by its context: frames [startFrame, endFrame], both included. */
export interface ChangedStretch {
  startFrame: number;
  /** The stretch's last frame (included). */
  endFrame: number;
  /** startFrame / fps: when the stretch's first frame is shown. */
  startS: number;
  /** (endFrame + 1) / fps: when its last frame ends, so endS − startS is the stretch's length. */
  endS: number;
  /** The lowest SSIM in the stretch (a frame below ssimMin: the context frames are at or above it). */
  minSsim: number;
}

/**
 * The film's changed stretches from its per-frame SSIM (frame i against the baseline's frame i):
 * every run of frames below ssimMin, widened by contextS on each side (rounded to whole frames),
 * clamped to the film, and merged with its neighbour where the widened stretches overlap or touch (two
 * changes a second apart are one stretch to look at, not two). Pure: the same SSIM gives the same
 * stretches.
 */
export function changedStretches(ssim: readonly number[], opts: { fps: number; ssimMin: number; contextS: number }): ChangedStretch[] {
  const { fps, ssimMin, contextS } = opts;
  if (!Number.isFinite(fps) || fps <= 0) throw new RangeError(`fps ${fps}: expected a number > 0`);
  if (!Number.isFinite(ssimMin)) throw new RangeError(`ssimMin ${ssimMin}: expected a finite number`);
  if (!Number.isFinite(contextS) || contextS < 0) throw new RangeError(`contextS ${contextS}: expected a number of seconds ≥ 0`);
  ssim.forEach((v, i) => {
    if (typeof v !== 'number' || Number.isNaN(v)) throw new RangeError(`ssim[${i}] ${v}: expected a number`);
  });
  const last = ssim.length - 1;
  const context = Math.round(contextS * fps);
  const out: ChangedStretch[] = [];
  for (let i = 0; i <= last; ) {
    if (!(ssim[i] < ssimMin)) {
      i++;
      continue;
    }
    let j = i;
    let min = ssim[i];
    while (j + 1 <= last && ssim[j + 1] < ssimMin) min = Math.min(min, ssim[++j]);
    const startFrame = Math.max(0, i - context);
    const endFrame = Math.min(last, j + context);
    const prev = out.at(-1);
    if (prev && startFrame <= prev.endFrame + 1) {
      prev.endFrame = endFrame;
      prev.endS = (endFrame + 1) / fps;
      prev.minSsim = Math.min(prev.minSsim, min);
    } else {
      out.push({ startFrame, endFrame, startS: startFrame / fps, endS: (endFrame + 1) / fps, minSsim: min });
    }
    i = j + 1;
  }
  return out;
}
