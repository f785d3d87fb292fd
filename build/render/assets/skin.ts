import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xMmOf, xPx, yMmOf, yPx } from '../geometry/eye-frame.ts';
import { CREASE_LATERAL_END_MM, CREASE_MEDIAL_END_MM, creaseMm } from '../geometry/crease.ts';
import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM, restLowerMarginMm, restUpperMarginMm } from '../geometry/lid-shape.ts';
import type { Layer } from './canvas.ts';
import { makeLayer, paintPixels } from './canvas.ts';
import { blobMm, traceCurveMm } from './mm-draw.ts';
import { Noise2D, grain, smoothstep, textureRandom } from './noise.ts';
import { reliefLight, skinRelief } from './skin-relief.ts';
import { paintVellus } from './vellus.ts';

/**
 * The face around the eye, static: skin with its relief lit (skin-relief.ts: pores, furrows, crow's
 * feet, lines under the lid) and its vellus hair (vellus.ts), its colour varying at the pores' scale (faintly over a few mm), the socket's shading, the
 * hood above the crease, the lower lid's bulge and the lid–cheek junction. The moving parts (upper
 * lid skin below the crease, margins, lashes, brow hair) are drawn over it.
 */
/** The face's base skin colour (sRGB). */
export const FACE_SKIN_RGB: [number, number, number] = [214, 170, 148];
const SKIN = FACE_SKIN_RGB;
/**
 * How far the fine capillary red moves each channel (a share per unit of it): measured on a DSLR
 * close-up of periocular skin at this scale (a public sclera dataset's sample, looked at, not kept),
 * the red − green texture at 0.07–0.3 mm was 2.1–4.5 levels RMS against 1.0 here when it took 0.05
 * of green and blue alone: the skin read as one even peach with grey relief. Red gains about what
 * keeps the luma's change as it was (the relief's texture directions are the luma's); the mottle's own
 * red (0.7 mm) is halved so the few-mm band stays faint (skin-picture.test.ts).
 */
const CAPILLARY_RED: [number, number, number] = [0.04, 0.07, 0.06];

export function paintSkin(f: EyeFrame): Layer {
  const layer = makeLayer(f.widthPx, f.heightPx);
  const rng = textureRandom('skin');
  const tone = new Noise2D(rng.spawn('tone'), 64, 40);
  const mottle = new Noise2D(rng.spawn('mottle'), 256, 160);
  const blotch = new Noise2D(rng.spawn('blotch'), 128, 80);
  const speck = new Noise2D(rng.spawn('speck'), 512, 320);
  const capillary = new Noise2D(rng.spawn('capillary'), 512, 320);
  const sheen = new Noise2D(rng.spawn('sheen'), 64, 40);
  const relief = skinRelief(f, rng.spawn('relief'));
  const tint = periocularTint(f, rng.spawn('tint'));
  const W = f.widthPx;
  const H = f.heightPx;
  paintPixels(layer, (x, y, out) => {
    const xm = xMmOf(f, x);
    const ym = yMmOf(f, y);
    const t = tone.at(xm / 2.5 + 32, ym / 2.5 + 20);
    // Rotated sampling hides the noise lattice.
    const m = mottle.at((xm * 0.8 + ym * 0.6) / 0.7 + 128, (ym * 0.8 - xm * 0.6) / 0.7 + 80);
    const b = blotch.at((xm * 0.6 - ym * 0.8) / 1.6 + 64, (ym * 0.6 + xm * 0.8) / 1.6 + 40);
    // The skin's colour varies where a photograph sees it vary, at the scale of its pores and fine
    // capillaries (0.1–0.2 mm): pigment specks and tiny red dots. Blotches of a few mm stay faint (as
    // strong as these, they read as a painted mottle: issue 18).
    const sp = speck.at(xm / 0.16 + 256, ym / 0.16 + 160);
    const cap = capillary.at((xm * 0.6 + ym * 0.8) / 0.11 + 256, (ym * 0.6 - xm * 0.8) / 0.11 + 160);
    const lit = reliefLight(relief, W, H, Math.floor(x), Math.floor(y), f.pxPerMm);
    const k = (1 + 0.02 * t + 0.008 * m + 0.022 * sp + 0.012 * grain(x, y, 3)) * lit.k;
    // Redder where the capillaries show through (fine), a little where the blotches dip.
    const fineRed = 0.9 * Math.max(0, cap - 0.15);
    const red = 0.15 * Math.max(0, -m) + 0.3 * Math.max(0, -b);
    // Oilier in patches: the glints on the relief come and go.
    const g = 255 * 0.4 * lit.glint * (0.5 + 0.5 * sheen.at(xm / 1.5 + 32, ym / 1.5 + 20));
    const ti = (Math.floor(y) * W + Math.floor(x)) * 3;
    out[0] = SKIN[0] * k * (1 + 0.004 * b + CAPILLARY_RED[0] * fineRed) * tint[ti] + g;
    out[1] = SKIN[1] * k * (1 - 0.05 * red - CAPILLARY_RED[1] * fineRed) * tint[ti + 1] + g * 0.96;
    out[2] = SKIN[2] * k * (1 - 0.05 * red - CAPILLARY_RED[2] * fineRed) * tint[ti + 2] + g * 0.92;
  });
  paintVellus(layer.ctx, f, rng.spawn('vellus'));
  shadeFace(layer.ctx, f);
  return layer;
}

/**
 * The skin's tone across the eye's surroundings, as per-pixel r, g, b factors (painted once per size):
 * - redder (pink) toward the lid margins and at the inner corner, where thin skin shows the vessels
 *   under it, within ~1.5 mm of the lower margin and ~3 mm of the medial canthus;
 * - mottled at low frequency: a few percent of luma and of hue over patches of 3–8 mm (two octaves,
 *   the finer one rotated), as real skin is never one even colour (the pores' fine colour is paintSkin's).
 * (Without it the skin was one even peach from temple to nose: issue 18.)
 */
function periocularTint(f: EyeFrame, rng: ReturnType<typeof textureRandom>): Float32Array {
  const W = f.widthPx;
  const H = f.heightPx;
  const coarse = new Noise2D(rng.spawn('coarse'), 32, 24);
  const medium = new Noise2D(rng.spawn('medium'), 48, 32);
  const hue = new Noise2D(rng.spawn('hue'), 48, 32);
  const out = new Float32Array(W * H * 3);
  const xL = CANTHUS_LATERAL_MM.x;
  const xM = CANTHUS_MEDIAL_MM.x;
  for (let x = 0; x < W; x++) {
    const xm = xMmOf(f, x + 0.5);
    // Only along the fissure, fading past the canthi (the margins' curves run on as the canthal line).
    const along = smoothstep(xL - 1.5, xL + 3, xm) * smoothstep(xM + 1.5, xM - 2, xm);
    const up = restUpperMarginMm(xm);
    const low = restLowerMarginMm(xm);
    for (let y = 0; y < H; y++) {
      const ym = yMmOf(f, y + 0.5);
      // Pink: the lower lid's skin just under its margin and the upper lid's just over its own (the
      // lid skin itself, lid-skin.ts, adds its own toward the lashes), and the inner corner.
      const dl = low - ym;
      const du = ym - up;
      const pinkLow = dl > 0 ? Math.exp(-dl / 1.4) : 0;
      const pinkUp = du > 0 ? Math.exp(-du / 0.9) : 0;
      // The inner corner's pink spreads along the canthal line (round and as strong, it read as a red spot).
      const dMed = Math.hypot((xm - xM - 1) * 0.8, (ym - CANTHUS_MEDIAL_MM.y) * 1.3);
      const pink = along * (pinkLow + 0.7 * pinkUp) + 0.75 * Math.exp(-(dMed * dMed) / (3.2 * 3.2));
      // (A darker, browner upper lid, its lower half 2 % red and 4 % green down, showed on a shut lid:
      // the skin unrolled from the fold is the lid's own, read back from near its margin, and it made
      // lid-outline-picture.test.ts's pale hood 6.6 levels, over its 6, and at 0.4 of it the seam 2.99
      // of 3. The lid's own tone is lid-skin.ts's; under the eye shadeFace's violet stroke does it: a
      // tint there tilted the fine texture's directions, skin-texture-picture.test.ts's crossing 0.74.)
      // Low-frequency mottle (rotated sampling hides the lattice).
      const n1 = coarse.at((xm * 0.8 - ym * 0.6) / 7 + 16, (ym * 0.8 + xm * 0.6) / 7 + 12);
      const n2 = medium.at((xm * 0.6 + ym * 0.8) / 3.2 + 24, (ym * 0.6 - xm * 0.8) / 3.2 + 16);
      const h = hue.at(xm / 4.5 + 24, ym / 4.5 + 16);
      const l = 1 + 0.022 * n1 + 0.014 * n2;
      const i = (y * W + x) * 3;
      out[i] = l * (1 + 0.012 * pink + 0.012 * h);
      out[i + 1] = l * (1 - 0.075 * pink - 0.012 * h);
      out[i + 2] = l * (1 - 0.04 * pink - 0.006 * h);
    }
  }
  return out;
}

function shadeFace(ctx: CanvasRenderingContext2D, f: EyeFrame): void {
  const mm = f.pxPerMm;
  // The socket: skin turns in toward the eye, darker around it, especially up by the nose.
  ctx.save();
  ctx.translate(f.centerXPx + 0.5 * mm, f.centerYPx + 0.2 * mm);
  ctx.scale(1.55, 1);
  const socket = ctx.createRadialGradient(0, 0, 7 * mm, 0, 0, 19 * mm);
  socket.addColorStop(0, 'rgba(110, 60, 48, 0.16)');
  socket.addColorStop(0.6, 'rgba(110, 60, 48, 0.06)');
  socket.addColorStop(1, 'rgba(110, 60, 48, 0)');
  ctx.fillStyle = socket;
  ctx.fillRect(-f.widthPx, -f.heightPx, 2 * f.widthPx, 2 * f.heightPx);
  ctx.restore();
  blobMm(ctx, f, 19, 8, 9, 'rgba(100, 52, 44, 0.32)', 'rgba(100, 52, 44, 0)', 0.9);
  blobMm(ctx, f, CANTHUS_MEDIAL_MM.x + 2.2, CANTHUS_MEDIAL_MM.y + 0.2, 4, 'rgba(120, 62, 60, 0.35)', 'rgba(120, 62, 60, 0)');
  // The orbit's hollow by the nose: the skin turns in and back between the inner corner, the brow and
  // the nose, away from the light (from the upper lateral side), darkest a few mm past the corner and
  // up under the brow's inner end. (Only the 4 mm blob at the corner: the inner third of the face was as
  // bright as the temple, 2 levels apart.)
  blobMm(ctx, f, CANTHUS_MEDIAL_MM.x + 4, CANTHUS_MEDIAL_MM.y + 3, 9, 'rgba(92, 48, 44, 0.4)', 'rgba(92, 48, 44, 0)', 0.8);
  blobMm(ctx, f, CANTHUS_LATERAL_MM.x - 0.4, CANTHUS_LATERAL_MM.y, 2.6, 'rgba(105, 58, 48, 0.35)', 'rgba(105, 58, 48, 0)');
  // Light on the hood and the brow bone, on the lower lid and the cheek.
  blobMm(ctx, f, -4, 12.5, 8, 'rgba(255, 226, 204, 0.28)', 'rgba(255, 226, 204, 0)', 1.6);
  blobMm(ctx, f, -6, -11.5, 9, 'rgba(255, 226, 204, 0.2)', 'rgba(255, 226, 204, 0)', 1.6);

  const xL = CANTHUS_LATERAL_MM.x;
  const xM = CANTHUS_MEDIAL_MM.x;
  ctx.save();
  ctx.lineCap = 'round';
  // Lower lid: a soft shade under the lash line, the bulge of the tarsus catching light below it, and
  // the lid–cheek junction fading out laterally.
  const band = (offsetMm: number, widthMm: number, color: string, blurMm: number, x0 = xL, x1 = xM): void => {
    ctx.filter = `blur(${blurMm * mm}px)`;
    ctx.beginPath();
    traceCurveMm(ctx, f, restLowerMarginMm, x0, x1, 48, true, offsetMm);
    ctx.strokeStyle = color;
    ctx.lineWidth = widthMm * mm;
    ctx.stroke();
  };
  band(-0.9, 1.2, 'rgba(120, 66, 54, 0.28)', 0.35);
  // The lid's bulge turning down and in under the lashes: a soft shadow ~2 mm tall, not a line.
  band(-1.5, 1.8, 'rgba(110, 60, 54, 0.22)', 0.7, xL + 3, xM);
  band(-2.6, 1.8, 'rgba(255, 222, 200, 0.2)', 0.6, xL + 2, xM - 2);
  ctx.filter = `blur(${1.1 * mm}px)`;
  ctx.beginPath();
  traceCurveMm(ctx, f, (x) => restLowerMarginMm(x) * 1.25 - 1.6 - 0.08 * Math.max(0, x), xL + 6, xM + 3, 40, true);
  // Fading toward both ends: a soft hollow under the middle of the lid, not a ring round the eye.
  const junction = ctx.createLinearGradient(xPx(f, xL + 6), 0, xPx(f, xM + 3), 0);
  junction.addColorStop(0, 'rgba(110, 56, 56, 0)');
  junction.addColorStop(0.35, 'rgba(110, 56, 56, 0.12)');
  junction.addColorStop(0.65, 'rgba(110, 56, 56, 0.12)');
  junction.addColorStop(1, 'rgba(110, 56, 56, 0)');
  ctx.strokeStyle = junction;
  ctx.lineWidth = 1.6 * mm;
  ctx.stroke();
  // The tear trough: the lid–cheek junction's medial end, a soft hollow running down and out from under
  // the inner corner, in the shadow of the cheek and the lid's bulge.
  ctx.filter = `blur(${1 * mm}px)`;
  ctx.beginPath();
  traceCurveMm(ctx, f, restLowerMarginMm, -2, xM + 1, 30, true, -2.2);
  const trough = ctx.createLinearGradient(xPx(f, -2), 0, xPx(f, xM + 1), 0);
  trough.addColorStop(0, 'rgba(100, 52, 52, 0)');
  trough.addColorStop(0.55, 'rgba(100, 52, 52, 0.16)');
  trough.addColorStop(0.9, 'rgba(100, 52, 52, 0.2)');
  trough.addColorStop(1, 'rgba(100, 52, 52, 0.1)');
  ctx.strokeStyle = trough;
  ctx.lineWidth = 2 * mm;
  ctx.stroke();
  // Thin skin under the eye shows a faint blue-violet.
  ctx.filter = `blur(${1.5 * mm}px)`;
  ctx.beginPath();
  traceCurveMm(ctx, f, restLowerMarginMm, xL + 5, xM + 1, 30, true, -2.6);
  ctx.strokeStyle = 'rgba(120, 100, 150, 0.1)';
  ctx.lineWidth = 2.4 * mm;
  ctx.stroke();
  ctx.restore();
}

/**
 * The hood: the fuller skin under the brow that folds over the crease, lit from above. Painted over the
 * face after the lid's skin (assets-for.ts), apart from the rest of the skin, because it belongs to the
 * open eye: closing, the lid's skin unrolls from under the hood and the hood flattens, so the warp fades
 * it out (face-warp.ts keeps the face with and without it). Left in, it was a pale arc over a shut lid.
 * A broad, faint swell of light centred 1.4 mm above the crease that is gone by the crease itself,
 * where the groove (face-warp-fold.ts) begins: fullness, not an edge. (A 0.7 mm stroke of 12 % white
 * 1 mm above the crease, blurred 0.22 mm, was a lit rim along the fold's top: the edge of a contact
 * lens or a blister laid on the skin, issue 18.) It reaches no further than HOOD_ROLL_REACH_MM above
 * the crease (its stroke's centre, half its width and three sigmas of its blur), and not below it.
 */
const HOOD_AT_MM = 1.4;
const HOOD_WIDTH_MM = 1.2;
const HOOD_BLUR_MM = 0.4;
export const HOOD_ROLL_REACH_MM = HOOD_AT_MM + HOOD_WIDTH_MM / 2 + 3 * HOOD_BLUR_MM;

export function paintHoodRoll(ctx: CanvasRenderingContext2D, f: EyeFrame): void {
  const mm = f.pxPerMm;
  ctx.save();
  ctx.lineCap = 'round';
  ctx.filter = `blur(${HOOD_BLUR_MM * mm}px)`;
  ctx.beginPath();
  traceCurveMm(ctx, f, creaseMm, CREASE_LATERAL_END_MM + 2, CREASE_MEDIAL_END_MM - 1, 48, true, HOOD_AT_MM);
  // Fading out toward both ends with the crease under it.
  const roll = ctx.createLinearGradient(xPx(f, CREASE_LATERAL_END_MM + 2), 0, xPx(f, CREASE_MEDIAL_END_MM - 1), 0);
  roll.addColorStop(0, 'rgba(255, 226, 206, 0)');
  roll.addColorStop(0.3, 'rgba(255, 226, 206, 0.07)');
  roll.addColorStop(0.75, 'rgba(255, 226, 206, 0.07)');
  roll.addColorStop(1, 'rgba(255, 226, 206, 0)');
  ctx.strokeStyle = roll;
  ctx.lineWidth = HOOD_WIDTH_MM * mm;
  ctx.stroke();
  ctx.restore();
}
