/**
 * A pointer position on the canvas (CSS px, origin top-left) in units of the iris radius R about the
 * eye centre, +x right, +y up: the units of a scene's pointer track. eye.md §0: R ≈ 216 px at
 * 1440×900 (36 px/mm × 6 mm), scaled with the viewport height; the eye sits at the canvas centre.
 */
export function pointerInR(xPx: number, yPx: number, widthPx: number, heightPx: number): { xR: number; yR: number } {
  const rPx = (216 * heightPx) / 900;
  return { xR: (xPx - widthPx / 2) / rPx, yR: (heightPx / 2 - yPx) / rPx };
}
