import type { Random } from '../../random/random.ts';

/**
 * Fixation durations (eye.md §1): gamma with shape k and a mean, clamped. Sums of exponentials give
 * the real long tail (Wang 2015: gamma fits free-viewing fixations).
 *
 * The clamps move the mean (gamma k 5 of mean 750 ms clamped to 0.25–1.6 s averages ~747 ms), so the
 * sampler is built for the mean it must *deliver after clamping*: it draws from a gamma whose mean is
 * solved (by bisection on the exact clamped mean) to give that. The compensation is tiny (< 1 %) and
 * documented by `preClampMeanMs`.
 */
export interface FixationLaw {
  shape: number;
  minMs: number;
  maxMs: number;
}

/** Free viewing: k 4, 0.1–2.5 s. */
export const FIXATION_LAW: FixationLaw = { shape: 4, minMs: 100, maxMs: 2500 };
/** Reading: k 5, 0.25–1.6 s (Rayner 1998: reading fixations are tighter). */
export const READING_FIXATION_LAW: FixationLaw = { shape: 5, minMs: 250, maxMs: 1600 };

export class FixationDurations {
  /** Mean of the gamma drawn from, before clamping. */
  readonly preClampMeanMs: number;

  /** @param clampedMeanMs the mean the clamped draws must have. */
  constructor(
    private readonly rng: Random,
    readonly law: FixationLaw,
    readonly clampedMeanMs: number,
  ) {
    this.preClampMeanMs = preClampMeanFor(law, clampedMeanMs);
  }

  /** The unclamped gamma draw (for tests of the law). */
  drawRawMs(): number {
    return this.rng.gamma(this.law.shape, this.preClampMeanMs);
  }

  drawMs(): number {
    const v = this.drawRawMs();
    return v < this.law.minMs ? this.law.minMs : v > this.law.maxMs ? this.law.maxMs : v;
  }
}

/** E[clamp(X, min, max)] for X ~ gamma(shape, mean), by Simpson's rule on the density. */
export function clampedGammaMeanMs(law: FixationLaw, meanMs: number): number {
  const k = law.shape;
  const scale = meanMs / k;
  const logNorm = -logGamma(k) - k * Math.log(scale);
  const pdf = (x: number): number => (x <= 0 ? 0 : Math.exp(logNorm + (k - 1) * Math.log(x) - x / scale));
  const n = 2000; // even
  const simpson = (a: number, b: number, f: (x: number) => number): number => {
    const h = (b - a) / n;
    let s = f(a) + f(b);
    for (let i = 1; i < n; i++) s += f(a + i * h) * (i % 2 === 1 ? 4 : 2);
    return (s * h) / 3;
  };
  const below = simpson(0, law.minMs, pdf);
  const inside = simpson(law.minMs, law.maxMs, pdf);
  const insideMoment = simpson(law.minMs, law.maxMs, (x) => x * pdf(x));
  const above = Math.max(0, 1 - below - inside);
  return law.minMs * below + insideMoment + law.maxMs * above;
}

const solved = new Map<string, number>();

/** The gamma mean whose clamped draws average `targetMs` (memoised: eras recur in tours and runs). */
export function preClampMeanFor(law: FixationLaw, targetMs: number): number {
  const key = `${law.shape}/${law.minMs}/${law.maxMs}/${targetMs}`;
  const known = solved.get(key);
  if (known !== undefined) return known;
  const mean = solvePreClampMean(law, targetMs);
  solved.set(key, mean);
  return mean;
}

function solvePreClampMean(law: FixationLaw, targetMs: number): number {
  let lo = targetMs * 0.5;
  let hi = targetMs * 2;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (clampedGammaMeanMs(law, mid) < targetMs) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** ln Γ(x), Lanczos (g 7, n 9). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const xx = x - 1;
  let a = c[0];
  const t = xx + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (xx + i);
  return 0.5 * Math.log(2 * Math.PI) + (xx + 0.5) * Math.log(t) - t + Math.log(a);
}
