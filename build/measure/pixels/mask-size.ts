/** The mask canvas for a film of this size at `scale` (0 < scale ≤ 1): even sizes, as the film's are. */
export function maskSizePx(widthPx: number, heightPx: number, scale: number): { widthPx: number; heightPx: number; scale: number } {
  if (!(scale > 0 && scale <= 1)) throw new Error(`mask scale ${scale} is not in (0, 1]`);
  const even = (v: number) => Math.max(2, 2 * Math.round((v * scale) / 2));
  return { widthPx: even(widthPx), heightPx: even(heightPx), scale };
}
