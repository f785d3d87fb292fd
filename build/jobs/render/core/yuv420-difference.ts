/** How far apart two frames are, per plane, in code values. */
export interface PlaneDifference {
  plane: 'Y' | 'U' | 'V';
  maxAbs: number;
  /** Share of the plane's samples more than one level apart (0–1). */
  overOneShare: number;
  meanAbs: number;
}

/** Per-plane differences of two raw yuv420p (8-bit, planar) frames of the same size. */
export function yuv420Difference(a: Uint8Array, b: Uint8Array, width: number, height: number): PlaneDifference[] {
  if (width % 2 || height % 2 || width < 2 || height < 2) throw new RangeError(`yuv420p frame ${width}x${height}: expected even sizes ≥ 2`);
  const luma = width * height;
  const chroma = luma / 4;
  const bytes = luma + 2 * chroma;
  if (a.length !== bytes || b.length !== bytes) throw new RangeError(`yuv420p ${width}x${height} is ${bytes} bytes; got ${a.length} and ${b.length}`);
  const planes: [PlaneDifference['plane'], number, number][] = [['Y', 0, luma], ['U', luma, chroma], ['V', luma + chroma, chroma]];
  return planes.map(([plane, start, n]) => {
    let max = 0;
    let over = 0;
    let sum = 0;
    for (let i = start; i < start + n; i++) {
      const d = Math.abs(a[i] - b[i]);
      if (d > max) max = d;
      if (d > 1) over++;
      sum += d;
    }
    return { plane, maxAbs: max, overOneShare: over / n, meanAbs: sum / n };
  });
}
