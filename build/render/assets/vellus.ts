import type { EyeFrame } from '../geometry/eye-frame.ts';
import { frameExtentMm, xPx, yPx } from '../geometry/eye-frame.ts';
import type { Random } from '../../model/random/random.ts';
import { Noise2D } from './noise.ts';
import { onUpperLid } from './skin-relief.ts';

/**
 * Vellus hair: the very fine, pale, short hairs on the lids and the cheek (~0.03 mm thick, 0.35–1.1 mm
 * long, one or two to a square millimetre, few on the upper lid), which a 1280×720 frame shows only as a faint pale grain,
 * each hair a sub-pixel streak brighter than the skin. They lie flat and flow together (a slowly
 * turning direction field: down and out on the cheek and lids), each with a slight bend. Painted once
 * per size onto the face's skin, in one fill per brightness: under a thousand hairs a path.
 */
const HAIRS_PER_MM2 = 1.4;
const LENGTH_MM: [number, number] = [0.35, 1.1];
const WIDTH_MM = 0.028;
/** Opacities of the two brightness groups (a hair's pale shaft over the skin). */
const ALPHAS = [0.2, 0.32];
const RGB = '255, 242, 232';

export function paintVellus(ctx: CanvasRenderingContext2D, f: EyeFrame, rng: Random): void {
  const ext = frameExtentMm(f);
  const flow = new Noise2D(rng.spawn('flow'), 32, 32);
  const areaMm2 = 2 * ext.halfWidthMm * (ext.topMm - ext.bottomMm);
  const count = Math.round(HAIRS_PER_MM2 * areaMm2);
  const paths = ALPHAS.map(() => new Path2D());
  const halfW = Math.max(0.3, (WIDTH_MM * f.pxPerMm) / 2);
  for (let i = 0; i < count; i++) {
    const xm = rng.uniform(-ext.halfWidthMm, ext.halfWidthMm);
    const ym = rng.uniform(ext.bottomMm, ext.topMm);
    // The upper lid's thin skin between the crease and the margin is nearly bare (a photograph shows
    // the hairs on the hood and the cheek, hardly on the lid).
    const keep = rng.next();
    if (keep < 0.85 * onUpperLid(xm, ym)) continue;
    // Down and out (toward the temple, −x), turning slowly across the face.
    const a = -Math.PI / 2 - 0.5 + 0.9 * flow.at(xm / 6 + 16, ym / 6 + 16) + rng.uniform(-0.25, 0.25);
    const len = rng.uniform(LENGTH_MM[0], LENGTH_MM[1]);
    const bend = rng.uniform(-0.12, 0.12) * len;
    const x0 = xPx(f, xm);
    const y0 = yPx(f, ym);
    const x1 = xPx(f, xm + Math.cos(a) * len);
    const y1 = yPx(f, ym + Math.sin(a) * len);
    const cx = xPx(f, xm + Math.cos(a) * len * 0.5 - Math.sin(a) * bend);
    const cy = yPx(f, ym + Math.sin(a) * len * 0.5 + Math.cos(a) * bend);
    // A thin tapered sliver (filling is cheaper than stroking in a software canvas).
    const l = Math.hypot(x1 - x0, y1 - y0) || 1;
    const nx = (-(y1 - y0) / l) * halfW;
    const ny = ((x1 - x0) / l) * halfW;
    const p = paths[rng.chance(0.5) ? 0 : 1];
    p.moveTo(x0 + nx, y0 + ny);
    p.quadraticCurveTo(cx + nx, cy + ny, x1, y1);
    p.quadraticCurveTo(cx - nx, cy - ny, x0 - nx, y0 - ny);
    p.closePath();
  }
  paths.forEach((p, k) => {
    ctx.fillStyle = `rgba(${RGB}, ${ALPHAS[k]})`;
    ctx.fill(p);
  });
}
