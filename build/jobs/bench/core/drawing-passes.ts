import { median } from './median.ts';

/**
 * The colour drawing's cost per tree from interleaved passes (`eye bench --drawing-only`): each pass
 * is one tree's in-page wall ms a frame over the same frames. A busy machine only ever makes a pass
 * slower, never faster, so the fastest pass is the drawing's own cost and the one to compare; the
 * median is shown beside it to say how noisy the run was.
 */
export interface DrawingPasses {
  label: string;
  /** In-page wall ms per frame, one per pass. */
  msPerFrame: readonly number[];
}

export interface DrawingSummary {
  label: string;
  passes: number;
  fastestMs: number;
  medianMs: number;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

export function summariseDrawing(t: DrawingPasses): DrawingSummary {
  if (t.msPerFrame.length === 0) throw new RangeError(`summariseDrawing: ${t.label} has no passes`);
  if (t.msPerFrame.some((x) => !(Number.isFinite(x) && x > 0))) throw new RangeError(`summariseDrawing: ${t.label} has a pass that is not a positive time`);
  return { label: t.label, passes: t.msPerFrame.length, fastestMs: r2(Math.min(...t.msPerFrame)), medianMs: r2(median(t.msPerFrame)) };
}

/** The last tree's cost as a multiple of the first's (this tree against --against), fastest and median passes. */
export function drawingRatios(trees: readonly DrawingSummary[]): { fastest: number; median: number } | null {
  if (trees.length < 2) return null;
  const [a] = trees;
  const b = trees[trees.length - 1];
  return { fastest: r2(b.fastestMs / a.fastestMs), median: r2(b.medianMs / a.medianMs) };
}
