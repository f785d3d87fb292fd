import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { Random } from '../../model/random/random.ts';

/**
 * Pores and fine specks: small soft dots scattered at random (seeded), a few per square millimetre.
 * Dots rather than a thresholded noise, which shows its lattice as little squares.
 */
export function paintPores(ctx: CanvasRenderingContext2D, f: EyeFrame, rng: Random, perMm2: number, alpha: number): void {
  const areaMm2 = (f.widthPx / f.pxPerMm) * (f.heightPx / f.pxPerMm);
  const count = Math.round(areaMm2 * perMm2);
  const mm = f.pxPerMm;
  ctx.save();
  for (let i = 0; i < count; i++) {
    const x = rng.uniform(0, f.widthPx);
    const y = rng.uniform(0, f.heightPx);
    const r = rng.uniform(0.025, 0.055) * mm;
    const dark = rng.chance(0.8);
    ctx.fillStyle = dark ? `rgba(120, 66, 50, ${alpha * rng.uniform(0.5, 1)})` : `rgba(255, 236, 222, ${alpha * 0.8})`;
    ctx.beginPath();
    ctx.ellipse(x, y, r, r * rng.uniform(0.6, 1), rng.uniform(0, Math.PI), 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}
