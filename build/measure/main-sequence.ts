/** A least-squares line y = slope·x + intercept. */
export interface LineFit {
  slope: number;
  intercept: number;
  /** Coefficient of determination. */
  r2: number;
  n: number;
}

/** Ordinary least squares. NaN fields when fewer than 2 points or no spread in x. */
export function fitLine(xs: readonly number[], ys: readonly number[]): LineFit {
  const n = Math.min(xs.length, ys.length);
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    sx += xs[i];
    sy += ys[i];
  }
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i] - mx) ** 2;
    sxy += (xs[i] - mx) * (ys[i] - my);
    syy += (ys[i] - my) ** 2;
  }
  if (n < 2 || sxx === 0) return { slope: NaN, intercept: NaN, r2: NaN, n };
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy), n };
}

/**
 * The main sequence (Bahill, Clark & Stark 1975): saccade duration against amplitude, a straight line
 * (eye.md §1: 2.2 ms/° and 21 ms). Fitted over saccades that no missing data cut short.
 */
export function mainSequence(saccades: readonly { amplitudeDeg: number; durationMs: number; truncated: boolean }[]): LineFit {
  const whole = saccades.filter((s) => !s.truncated);
  return fitLine(
    whole.map((s) => s.amplitudeDeg),
    whole.map((s) => s.durationMs),
  );
}
