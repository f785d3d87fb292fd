/** |pixel − model| over frames. */
export interface ErrorStats {
  frames: number;
  maxAbs: number | null;
  p95Abs: number | null;
  medianAbs: number | null;
}

/** |a − b| over the frames where both are numbers. */
export function errorStats(a: ArrayLike<number>, b: ArrayLike<number>): ErrorStats {
  const d: number[] = [];
  for (let i = 0; i < a.length; i++) {
    const e = Math.abs(a[i] - b[i]);
    if (Number.isFinite(e)) d.push(e);
  }
  if (d.length === 0) return { frames: 0, maxAbs: null, p95Abs: null, medianAbs: null };
  d.sort((x, y) => x - y);
  const q = (f: number) => d[Math.min(d.length - 1, Math.ceil(f * d.length) - 1)];
  return { frames: d.length, maxAbs: d[d.length - 1], p95Abs: q(0.95), medianAbs: q(0.5) };
}
