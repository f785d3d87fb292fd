/**
 * The white's end in the lateral corner, from a redness profile along the opening's middle row sampled
 * every 0.05 mm inward from the angle (index k at (k + 1) · 0.05 mm): the end is the largest fall in
 * redness from one sample to the next between 0.2 and 1.5 mm in (`atMm`, `fall`); `warmth` is the
 * corner's redness over the 0.25 mm before it less the white's over 0.1–0.35 mm after it.
 */
export interface LateralEnd {
  atMm: number;
  fall: number;
  warmth: number;
}

export function lateralEnd(middle: readonly number[]): LateralEnd {
  const stepMm = 0.05;
  let k = -1;
  let fall = -Infinity;
  for (let i = Math.round(0.2 / stepMm) - 1; i + 1 <= Math.round(1.5 / stepMm) - 1 && i + 1 < middle.length; i++) {
    // A column with no opening comes as NaN (null once it crossed from the page): no fall there.
    if (!Number.isFinite(middle[i]) || !Number.isFinite(middle[i + 1])) continue;
    const d = middle[i] - middle[i + 1];
    if (d > fall) [fall, k] = [d, i];
  }
  const mean = (v: readonly number[], a: number, b: number) => {
    const xs = v.slice(Math.max(0, a), b + 1).filter((x) => Number.isFinite(x));
    return xs.reduce((s, x) => s + x, 0) / xs.length;
  };
  return { atMm: (k + 1) * stepMm, fall, warmth: mean(middle, k - 4, k) - mean(middle, k + 2, k + 7) };
}
