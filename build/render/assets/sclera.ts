import type { EyeFrame } from '../geometry/eye-frame.ts';
import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM } from '../geometry/lid-shape.ts';
import type { Layer } from './canvas.ts';
import { makeLayer } from './canvas.ts';
import { paintCaruncle } from './caruncle.ts';
import { blobMm } from './mm-draw.ts';
import { textureRandom } from './noise.ts';

/**
 * The white of the eye, in two layers:
 * - `surface`: what rotates with the globe (a warm white, a faint grey-blue ring round the limbus, fine
 *   vessels running in from the corners); drawn shifted with the iris, a little larger than the frame;
 * - `shade`: what stays put on screen (the socket's shadow toward the corners, the pink of the canthi,
 *   the caruncle).
 */
export interface ScleraLayers {
  surface: Layer;
  /** Extra border (px) around the frame in `surface`, so it can shift without showing an edge. */
  surfacePadPx: number;
  shade: Layer;
}

export const SCLERA_SHIFT_PAD_MM = 8;

export function paintSclera(f: EyeFrame): ScleraLayers {
  const pad = Math.ceil(SCLERA_SHIFT_PAD_MM * f.pxPerMm);
  const surface = makeLayer(f.widthPx + 2 * pad, f.heightPx + 2 * pad);
  const sf: EyeFrame = { ...f, widthPx: f.widthPx + 2 * pad, heightPx: f.heightPx + 2 * pad, centerXPx: f.centerXPx + pad, centerYPx: f.centerYPx + pad };
  const s = surface.ctx;
  // An ivory grey in the middle (the choroid's blue through the thin sclera, under the conjunctiva's
  // faint yellow), warmer and a little yellower toward the globe's sides. A photograph's white is
  // no paper white: beside skin lit by the same light it is greyer and warmer than the
  // 231, 229, 228 it was, which glowed (issue 18, point 2).
  s.fillStyle = 'rgb(214, 209, 197)';
  s.fillRect(0, 0, surface.canvas.width, surface.canvas.height);
  s.save();
  s.translate(sf.centerXPx, sf.centerYPx);
  s.scale(1.7, 1);
  const warm = s.createRadialGradient(0, 0, 6 * f.pxPerMm, 0, 0, 11 * f.pxPerMm);
  warm.addColorStop(0, 'rgba(226, 212, 196, 0)');
  warm.addColorStop(1, 'rgba(222, 204, 186, 0.55)');
  s.fillStyle = warm;
  s.fillRect(-sf.widthPx, -sf.heightPx, 2 * sf.widthPx, 2 * sf.heightPx);
  s.restore();
  // Slight unevenness of the white.
  const rng = textureRandom('sclera');
  for (let i = 0; i < 40; i++) {
    const tint = rng.chance(0.5) ? '232, 212, 200' : rng.chance(0.5) ? '222, 224, 230' : '236, 214, 208';
    blobMm(s, sf, rng.uniform(-18, 18), rng.uniform(-7, 7), rng.uniform(1.5, 5), `rgba(${tint}, 0.35)`, `rgba(${tint}, 0)`);
  }
  // Perilimbal grey-blue ring (thinner sclera over the ciliary body).
  s.save();
  const g = s.createRadialGradient(sf.centerXPx, sf.centerYPx, 5.6 * f.pxPerMm, sf.centerXPx, sf.centerYPx, 9 * f.pxPerMm);
  g.addColorStop(0, 'rgba(150, 160, 176, 0.14)');
  g.addColorStop(1, 'rgba(150, 160, 176, 0)');
  s.fillStyle = g;
  s.fillRect(0, 0, surface.canvas.width, surface.canvas.height);
  s.restore();
  paintVesselLayers(s, sf, surface.canvas.width, surface.canvas.height, rng);

  const shade = makeLayer(f.widthPx, f.heightPx);
  const h = shade.ctx;
  // Socket shadow: the globe turns away from the light toward the corners.
  h.save();
  h.translate(f.centerXPx, f.centerYPx - 0.8 * f.pxPerMm);
  h.scale(1.9, 1);
  const v = h.createRadialGradient(0, 0, 4.5 * f.pxPerMm, 0, 0, 9.5 * f.pxPerMm);
  v.addColorStop(0, 'rgba(120, 80, 72, 0)');
  v.addColorStop(0.55, 'rgba(120, 80, 72, 0.2)');
  v.addColorStop(1, 'rgba(96, 58, 52, 0.62)');
  h.fillStyle = v;
  h.fillRect(-f.widthPx, -f.heightPx, 2 * f.widthPx, 2 * f.heightPx);
  h.restore();
  // The ball's own shading: lit from above, so the lower part of the white turns a little grey.
  const ball = h.createLinearGradient(0, f.centerYPx - 2 * f.pxPerMm, 0, f.centerYPx + 7 * f.pxPerMm);
  ball.addColorStop(0, 'rgba(110, 96, 100, 0)');
  ball.addColorStop(1, 'rgba(110, 96, 100, 0.16)');
  h.fillStyle = ball;
  h.fillRect(0, 0, f.widthPx, f.heightPx);
  // Pink, moist corners: the conjunctiva reddens toward both canthi, most toward the caruncle.
  // (0.3 of 5 mm left the white beside the caruncle nearly as neutral as the outer corner's.)
  blobMm(h, f, CANTHUS_MEDIAL_MM.x - 3.6, CANTHUS_MEDIAL_MM.y + 0.1, 6.5, 'rgba(206, 112, 108, 0.38)', 'rgba(206, 118, 110, 0)', 0.9);
  blobMm(h, f, CANTHUS_LATERAL_MM.x + 2.2, CANTHUS_LATERAL_MM.y - 0.2, 4, 'rgba(200, 120, 110, 0.16)', 'rgba(200, 120, 110, 0)', 1.2);
  // The lateral angle: the globe turns away into the canthus, in shadow.
  blobMm(h, f, CANTHUS_LATERAL_MM.x + 0.8, CANTHUS_LATERAL_MM.y, 2.2, 'rgba(120, 72, 64, 0.2)', 'rgba(150, 96, 88, 0)');
  paintCaruncle(h, f);
  return { surface, surfacePadPx: pad, shade };
}

/**
 * The vessels, in three depths, each painted at the resolution its softness needs and scaled up (soft
 * as if under the conjunctiva, and far cheaper than a blur filter per frame: all of it is painted once):
 * - deep episcleral vessels: wide, faint, bluish red, at a quarter of the resolution and blurred;
 * - conjunctival vessels: winding (each keeps turning the way it turned, with a kink now and then),
 *   forking over three generations, thinning as they run in from the corners toward the limbus, at
 *   half resolution; 22 of them, 0.06–0.13 mm at 0.2–0.5 opacity: 36 fainter ones (0.04–0.1 mm at
 *   0.1–0.32) read at 1x as a pink haze, not vessels (sclera-vessel-picture.test.ts), and at 0.26–0.62
 *   the eye looked irritated, not calm;
 * - fine capillaries: short, thin, wiggly, forking, sharper, at full resolution, most toward the corners.
 * All gather toward the canthi and fade over the last few mm before the cornea (a photograph's white
 * is a net of vessels at the corners and nearly clear at the limbus).
 */
function paintVesselLayers(s: CanvasRenderingContext2D, sf: EyeFrame, w: number, h: number, rng: ReturnType<typeof textureRandom>): void {
  const scaled = (k: number): EyeFrame => ({ ...sf, pxPerMm: sf.pxPerMm / k, centerXPx: sf.centerXPx / k, centerYPx: sf.centerYPx / k });
  const deep = makeLayer(w / 4, h / 4);
  deep.ctx.filter = 'blur(1.2px)';
  paintVessels(deep.ctx, scaled(4), rng, { count: 14, width: [0.12, 0.24], alpha: [0.05, 0.11], rgb: '150, 64, 84', branch: 0.1, steps: [10, 18], forkDepth: 2, stepScale: 1 });
  s.drawImage(deep.canvas, 0, 0, w, h);
  const mid = makeLayer(w / 2, h / 2);
  paintVessels(mid.ctx, scaled(2), rng, { count: 22, width: [0.06, 0.13], alpha: [0.2, 0.5], rgb: '176, 48, 48', branch: 0.32, steps: [10, 22], forkDepth: 3, stepScale: 1 });
  s.drawImage(mid.canvas, 0, 0, w, h);
  paintVessels(s, sf, rng, { count: 44, width: [0.016, 0.03], alpha: [0.06, 0.14], rgb: '184, 60, 58', branch: 0.35, steps: [3, 9], short: true, forkDepth: 2, stepScale: 0.5 });
}

interface VesselStyle {
  count: number;
  width: [number, number];
  alpha: [number, number];
  rgb: string;
  /** Chance per step of a fork. */
  branch: number;
  steps: [number, number];
  /** Capillaries: short runs anywhere toward the corners, not only from the rim. */
  short?: boolean;
  /** How many generations of forks a vessel may grow (a trunk, its branches, theirs …). */
  forkDepth: number;
  /** Each step's length as a share of 0.25–0.55 mm (steps as many more, turns by its square root:
   * the same winding, finer). */
  stepScale: number;
}

/** Vessels fade in the last few mm before the limbus: the conjunctiva's net is densest at the canthi
 * and thins over the cornea's rim (mm from the centre, the fissure's ellipse: y weighted 1.2). */
const FADE_FROM_MM = 7.4;
const FULL_AT_MM = 11.5;

/** Vessels from the corners toward the limbus, each a winding run that thins, fades and forks as it goes. */
function paintVessels(ctx: CanvasRenderingContext2D, f: EyeFrame, rng: ReturnType<typeof textureRandom>, st: VesselStyle): void {
  const mm = f.pxPerMm;
  const X = (x: number) => f.centerXPx + x * mm;
  const Y = (y: number) => f.centerYPx - y * mm;
  const walk = (x: number, y: number, dir: number, width: number, alpha: number, depth: number): void => {
    let a = dir;
    let turn = rng.uniform(-0.25, 0.25);
    const steps = Math.round(rng.int(st.steps[0], st.steps[1]) / st.stepScale);
    // The run's points and each piece's opacity and width, drawn once the run is done: each piece
    // a curve between the middles of its neighbours' pieces, bent at the point between them, so the
    // vessel winds smoothly instead of running as a chain of straight scratches (issue 18, point 5).
    const pts: [number, number][] = [[x, y]];
    const style: [number, number][] = [];
    for (let i = 0; i < steps; i++) {
      // Keep turning the way it turned, with a new nudge each step: a winding, not a zigzag.
      // (Capped: a vessel bends, it does not curl into rings.)
      turn = Math.max(-0.35, Math.min(0.35, 0.7 * turn + rng.uniform(-0.22, 0.22)));
      // Now and then a kink: a vessel runs in short, nearly straight pieces between bends.
      a += (turn + (rng.chance(0.15) ? rng.uniform(-0.55, 0.55) : 0)) * Math.sqrt(st.stepScale);
      const len = rng.uniform(0.25, 0.55) * st.stepScale;
      const nx = x + Math.cos(a) * len;
      const ny = y + Math.sin(a) * len;
      const k = i / steps;
      const r = Math.hypot(nx, ny * 1.2);
      const near = 0.3 + 0.7 * Math.min(1, Math.max(0, (r - FADE_FROM_MM) / (FULL_AT_MM - FADE_FROM_MM)));
      // Thinner, too, as they fade toward the cornea (only the fine ends of the net reach the limbus).
      style.push([alpha * (1 - 0.6 * k) * near, Math.max(0.4, width * (1 - 0.5 * k) * (0.4 + 0.6 * near) * mm)]);
      pts.push([nx, ny]);
      x = nx;
      y = ny;
      // Thinning out before the cornea.
      if (Math.hypot(x, y * 1.2) < FADE_FROM_MM) break;
      if (depth < st.forkDepth && rng.chance(st.branch)) walk(x, y, a + (rng.chance(0.5) ? 1 : -1) * rng.uniform(0.4, 1.1), width * 0.65, alpha * 0.8, depth + 1);
    }
    const mid = (i: number): [number, number] => [(pts[i][0] + pts[i + 1][0]) / 2, (pts[i][1] + pts[i + 1][1]) / 2];
    for (let i = 0; i < style.length; i++) {
      // Piece i runs from the middle of the piece before (or the run's start) round point i to the
      // middle of piece i, then on to point i + 1 at the run's end.
      const from = i === 0 ? pts[0] : mid(i - 1);
      const to = i === style.length - 1 ? pts[i + 1] : mid(i);
      ctx.beginPath();
      ctx.moveTo(X(from[0]), Y(from[1]));
      if (i === 0) ctx.lineTo(X(to[0]), Y(to[1]));
      else ctx.quadraticCurveTo(X(pts[i][0]), Y(pts[i][1]), X(to[0]), Y(to[1]));
      ctx.strokeStyle = `rgba(${st.rgb}, ${style[i][0].toFixed(3)})`;
      ctx.lineWidth = style[i][1];
      ctx.stroke();
    }
  };
  ctx.save();
  ctx.lineCap = 'round';
  for (let i = 0; i < st.count; i++) {
    // More from the medial side (toward the caruncle), and more near the fissure's ends.
    const medial = rng.chance(0.58);
    const reach = st.short ? rng.uniform(8.5, 15.5) : rng.uniform(11.5, 17.5);
    const x = medial ? reach : -reach;
    const y = rng.uniform(-5, 5) * (st.short ? 0.8 : 1);
    const dir = Math.atan2(-y * 0.5, -x) + rng.uniform(-0.6, 0.6);
    walk(x, y, dir, rng.uniform(st.width[0], st.width[1]), rng.uniform(st.alpha[0], st.alpha[1]), 0);
  }
  ctx.restore();
}
