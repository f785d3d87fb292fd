import type { MaskColor } from '../../render/mask-colors.ts';

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
