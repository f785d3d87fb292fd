import type { MaskColor } from '../../render/mask-contract.ts';

/**
 * How much of one pixel a group of mask classes covers, 0..1, read from its antialiased colour.
 *
 * A 2D canvas antialiases every edge, so a pixel on a boundary is a blend α·A + (1−α)·B of the two
 * classes either side. The pair that explains the colour best (least residual) is taken: an
 * inside/outside pair gives its α, two inside classes give 1 (an iris/sclera blend is all opening),
 * two outside classes give 0. The mask colours are corners of the RGB cube, so the pair is never
 * ambiguous for a two-class blend.
 */
export function coverageOf(r: number, g: number, b: number, inside: readonly MaskColor[], outside: readonly MaskColor[]): number {
  // A mask frame holds few distinct colours (flat classes and their edge blends), and every frame's
  // brow and margin edges ask again for the same ones: the answer is kept per colour, per class sets.
  let byOutside = cache.get(inside);
  if (!byOutside) cache.set(inside, (byOutside = new WeakMap()));
  let memo = byOutside.get(outside);
  if (!memo) byOutside.set(outside, (memo = new Map()));
  const key = (r << 16) | (g << 8) | b;
  let alpha = memo.get(key);
  if (alpha === undefined) {
    alpha = coverageFit(r, g, b, inside, outside);
    if (memo.size >= MAX_CACHED_COLOURS) memo.clear();
    memo.set(key, alpha);
  }
  return alpha;
}

const cache = new WeakMap<readonly MaskColor[], WeakMap<readonly MaskColor[], Map<number, number>>>();
/** Colours remembered per pair of class sets (a frame needs a few hundred; 2^16 bounds a hostile frame's). */
const MAX_CACHED_COLOURS = 1 << 16;

function coverageFit(r: number, g: number, b: number, inside: readonly MaskColor[], outside: readonly MaskColor[]): number {
  let best = Infinity;
  let alpha = 0;
  const fit = (a: MaskColor, o: MaskColor, kind: 'mixed' | 'in' | 'out') => {
    const dr = a.r - o.r;
    const dg = a.g - o.g;
    const db = a.b - o.b;
    const len2 = dr * dr + dg * dg + db * db;
    let t = len2 === 0 ? 1 : ((r - o.r) * dr + (g - o.g) * dg + (b - o.b) * db) / len2;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const er = r - (o.r + t * dr);
    const eg = g - (o.g + t * dg);
    const eb = b - (o.b + t * db);
    const residual = er * er + eg * eg + eb * eb;
    if (residual < best) {
      best = residual;
      alpha = kind === 'mixed' ? t : kind === 'in' ? 1 : 0;
    }
  };
  for (const a of inside) for (const o of outside) fit(a, o, 'mixed');
  for (let i = 0; i < inside.length; i++) for (let j = i; j < inside.length; j++) fit(inside[i], inside[j], 'in');
  for (let i = 0; i < outside.length; i++) for (let j = i; j < outside.length; j++) fit(outside[i], outside[j], 'out');
  return alpha;
}

/** One class's blend with another: how far from `a` toward `b` (0..1) and the squared residual. */
export interface Blend {
  a: MaskColor;
  b: MaskColor;
  t: number;
  residual: number;
}

function blendFit(r: number, g: number, b: number, o: MaskColor, c: MaskColor): Blend {
  const dr = c.r - o.r;
  const dg = c.g - o.g;
  const db = c.b - o.b;
  const len2 = dr * dr + dg * dg + db * db;
  let t = len2 === 0 ? 0 : ((r - o.r) * dr + (g - o.g) * dg + (b - o.b) * db) / len2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const er = r - (o.r + t * dr);
  const eg = g - (o.g + t * dg);
  const eb = b - (o.b + t * db);
  return { a: o, b: c, t, residual: er * er + eg * eg + eb * eb };
}

/** The pair of `classes` (a class with itself included) whose blend explains a pixel's colour best. */
export function nearestBlend(r: number, g: number, b: number, classes: readonly MaskColor[]): Blend {
  let best: Blend | null = null;
  for (let i = 0; i < classes.length; i++) {
    for (let j = i; j < classes.length; j++) {
      const f = blendFit(r, g, b, classes[i], classes[j]);
      if (!best || f.residual < best.residual) best = f;
    }
  }
  return best ?? blendFit(r, g, b, classes[0], classes[0]);
}

/** The blend of `c` (alone or with one of `others`) that explains a pixel's colour best. */
export function nearestBlendWith(r: number, g: number, b: number, c: MaskColor, others: readonly MaskColor[]): Blend {
  let best = blendFit(r, g, b, c, c);
  for (const o of others) {
    const f = blendFit(r, g, b, c, o);
    if (f.residual < best.residual) best = f;
  }
  return best;
}

