import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { CANTHUS_LATERAL_MM } from '../geometry/lid-shape.ts';

/**
 * The lateral canthal angle (drawn in the face layer over the globe, so it rides the lids). Inside the
 * opening: the globe turns away into the corner under the lids' edges, so the last ~2.6 mm of the
 * fissure darkens toward the angle; and the white of the eye does not run into the point. The lids'
 * margins have thickness, and where they meet their tissue fills the corner, so the sclera ends round
 * (a disc as tall as the opening) with pink-brown tissue, shadowed, between it and the angle: a
 * periocular photograph's lateral corner is blunt, where a shade fading into the point read as a knife
 * cut.
 */
const SHADE_MM = 2.6;
/** Where the sclera's round end is centred along the fissure (mm from the angle), and how far its
 * soft edge reaches past the disc (mm: two pixels at 1280×720, as a photograph's corner is soft). */
const END_CENTRE_MM = 1.05;
const END_SOFT_MM = 0.07;
const SAMPLES = 16;

export function drawCanthalAngle(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins): void {
  // The recess stays as the lids shut (the angle is still a fold): nothing there changes in one frame.
  if (m.openness > 0) drawOpenAngle(ctx, f, m);
  drawRecess(ctx, f);
}

function drawOpenAngle(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins): void {
  const xL = m.xLateralMm;
  const wedge = (lenMm: number): void => {
    ctx.beginPath();
    for (let i = 0; i <= SAMPLES; i++) {
      const x = xL + (lenMm * i) / SAMPLES;
      if (i === 0) ctx.moveTo(xPx(f, x), yPx(f, m.upperMm(x)));
      else ctx.lineTo(xPx(f, x), yPx(f, m.upperMm(x)));
    }
    for (let i = SAMPLES; i >= 0; i--) {
      const x = xL + (lenMm * i) / SAMPLES;
      ctx.lineTo(xPx(f, x), yPx(f, m.lowerMm(x)));
    }
    ctx.closePath();
  };
  const shade = ctx.createLinearGradient(xPx(f, xL), 0, xPx(f, xL + SHADE_MM), 0);
  shade.addColorStop(0, 'rgba(62, 34, 30, 0.3)');
  shade.addColorStop(0.35, 'rgba(84, 48, 42, 0.14)');
  shade.addColorStop(1, 'rgba(90, 52, 44, 0)');
  wedge(SHADE_MM);
  ctx.fillStyle = shade;
  ctx.fill();
  drawCornerTissue(ctx, f, m, wedge);
}

/**
 * The recess the lids fold into at the angle: a soft shade over the opening's last millimetre and the
 * skin just round the point, longer along the fissure than across it, so the point sinks into shadow
 * instead of ending as a pale cut (periocular photographs: the lateral angle is the darkest part of the
 * outline, its very tip lost in shade). Centred a little inside the angle; at rest it reaches 1 mm in.
 */
const RECESS_ALONG_MM = 1.0;
const RECESS_ACROSS_MM = 0.5;
const RECESS_IN_MM = 0.1;

function drawRecess(ctx: CanvasRenderingContext2D, f: EyeFrame): void {
  const x0 = CANTHUS_LATERAL_MM.x;
  ctx.save();
  ctx.translate(xPx(f, x0 + RECESS_IN_MM), yPx(f, CANTHUS_LATERAL_MM.y));
  ctx.scale(1, RECESS_ACROSS_MM / RECESS_ALONG_MM);
  const r = RECESS_ALONG_MM * f.pxPerMm;
  const g = ctx.createRadialGradient(0, 0, 0, 0, 0, r);
  g.addColorStop(0, 'rgba(66, 34, 30, 0.62)');
  g.addColorStop(0.45, 'rgba(82, 44, 38, 0.26)');
  g.addColorStop(1, 'rgba(96, 56, 48, 0)');
  ctx.fillStyle = g;
  ctx.fillRect(-r, -r, 2 * r, 2 * r);
  ctx.restore();
}

/**
 * The tissue between the angle and the sclera's round end: the opening short of a disc as tall as the
 * opening at END_CENTRE_MM and centred there (the disc's near half is the sclera's end), laid as three
 * fills of 0.3 each on growing discs (0.66 where all three lie), so its edge is soft; shadowed toward
 * the angle.
 */
function drawCornerTissue(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins, wedge: (lenMm: number) => void): void {
  const xL = m.xLateralMm;
  const xc = xL + END_CENTRE_MM;
  const up = m.upperMm(xc);
  const lo = m.lowerMm(xc);
  const rMm = (up - lo) / 2;
  if (!(rMm > 0)) return;
  const cx = xPx(f, xc);
  const cy = yPx(f, (up + lo) / 2);
  ctx.save();
  wedge(END_CENTRE_MM + 0.05);
  ctx.clip();
  const tissue = ctx.createLinearGradient(xPx(f, xL), 0, cx, 0);
  tissue.addColorStop(0, 'rgb(100, 60, 54)');
  tissue.addColorStop(0.45, 'rgb(128, 80, 72)');
  tissue.addColorStop(1, 'rgb(150, 100, 90)');
  ctx.fillStyle = tissue;
  ctx.globalAlpha = 0.3;
  const left = xPx(f, xL) - 2;
  const top = yPx(f, up) - 2;
  const bottom = yPx(f, lo) + 2;
  for (let k = 0; k < 3; k++) {
    const r = (rMm + (END_SOFT_MM * (2 - k)) / 2) * f.pxPerMm;
    ctx.beginPath();
    ctx.rect(left, top, cx - left, bottom - top);
    // The disc's near half, closed along its diameter: even-odd leaves the rectangle less the half-disc.
    ctx.moveTo(cx, cy - r);
    ctx.arc(cx, cy, r, -Math.PI / 2, Math.PI / 2, true);
    ctx.closePath();
    ctx.fill('evenodd');
  }
  ctx.restore();
}
