import { CARUNCLE_MM } from '../geometry/caruncle-shape.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { paintCaruncleRelief } from './caruncle-relief.ts';
import { makeLayer, paintPixels } from './canvas.ts';
import { Noise2D, smoothstep, textureRandom } from './noise.ts';

/**
 * The inner corner, painted into the globe's fixed shading layer (seen only inside the opening): the
 * lacrimal lake (the rounded medial end of the fissure, wet and a little darker), the caruncle in it
 * (geometry/caruncle-shape.ts: a mound of pink-red tissue, taller than wide) and, just lateral of it,
 * the plica semilunaris (a soft pink fold curving along it, its free edge a thin shadow with light on
 * its crest). The caruncle is not a dome: it is a cluster of small lobules, pale sebaceous ones among
 * redder crevices, wet all over, with a soft sheen and a few irregular glints (caruncle-relief.ts),
 * and a few fine hairs; where the lids wrap it they meet it as moist tissue (layers/medial-canthus.ts). Painted once per size.
 */
export function paintCaruncle(ctx: CanvasRenderingContext2D, f: EyeFrame): void {
  const mm = f.pxPerMm;
  const C = CARUNCLE_MM;
  const cx = xPx(f, C.x);
  const cy = yPx(f, C.y);
  const rng = textureRandom('caruncle');
  // A point of the mound at (u, v) in its own unit ellipse.
  const at = (u: number, v: number): [number, number] => {
    const c = Math.cos(C.rotationRad);
    const s = Math.sin(C.rotationRad);
    const dx = u * C.rx * mm;
    const dy = v * C.ry * mm;
    return [cx + dx * c - dy * s, cy + dx * s + dy * c];
  };
  ctx.save();
  // The lacrimal lake: the wet pocket the caruncle sits in, deep in the corner and so in shade, a dull
  // pinkish brown (a saturated pink glow here, 3.4 mm wide, read as a red halo round the mound).
  const lake = ctx.createRadialGradient(cx + 0.3 * mm, cy, 0.5 * mm, cx + 0.3 * mm, cy, 2.9 * mm);
  lake.addColorStop(0, 'rgba(128, 76, 72, 0.55)');
  lake.addColorStop(0.6, 'rgba(168, 114, 106, 0.24)');
  lake.addColorStop(1, 'rgba(190, 136, 126, 0)');
  ctx.fillStyle = lake;
  ctx.fillRect(cx - 4 * mm, cy - 4 * mm, 8 * mm, 8 * mm);
  paintPlica(ctx, cx, cy, mm);
  // The mound itself: lobules, their colours and the wet film's glints, shaded from a height field.
  paintCaruncleRelief(ctx, f);
  ctx.lineCap = 'round';
  for (let i = 0; i < 4; i++) {
    const [x, y] = at(rng.uniform(-0.5, 0.5), rng.uniform(-0.6, 0.6));
    const a = rng.uniform(-0.6, 0.6) - Math.PI / 2;
    const len = rng.uniform(0.35, 0.7) * mm;
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.quadraticCurveTo(x + Math.cos(a) * len * 0.5 + 0.08 * mm, y + Math.sin(a) * len * 0.5, x + Math.cos(a) * len, y + Math.sin(a) * len);
    ctx.strokeStyle = 'rgba(236, 214, 196, 0.28)';
    ctx.lineWidth = 0.025 * mm;
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * The plica semilunaris: a crescent fold of conjunctiva just lateral of the caruncle, its free edge
 * concave toward the cornea (semilunar: its horns reach toward the cornea, its middle lies nearest the
 * caruncle). It was drawn the other way round, as a pink ellipse with a dark arc down its lateral
 * side, convex toward the cornea: beside a photograph it read as a pale blister on the white. In a
 * photograph the fold is conjunctiva a little thicker and redder than the white beside it (a DSLR
 * close-up at our scale: 205, 118, 109 beside a white of 200, 188, 172), with its vessels, a soft
 * shadow under its free edge and light on its crest.
 *
 * Painted pixel by pixel (once per size) in the fold's own frame: x mm medial of the caruncle's centre
 * (negative laterally), y mm down, leaning PLICA_LEAN_RAD. The free edge is x = PLICA_EDGE_MM −
 * PLICA_CURVE · y²: curved enough that no block of a coarse era reads it as a straight vertical (at
 * 3-px blocks it stays within a block's width over 1.2 mm; the picture test's cap is 1.5).
 */
const PLICA_EDGE_MM = -2.55;
const PLICA_CURVE = 0.3;
const PLICA_LEAN_RAD = 0.08;
/** The fold's tissue (sRGB) and its most opacity over the white, and how far (mm) its pink runs medially before it fades under the caruncle. */
const PLICA_RGB = [200, 104, 100] as const;
const PLICA_ALPHA = 0.5;
const PLICA_WIDTH_MM = 2.4;
/** The fold's reach up and down (mm): it fades out toward both horns. */
const PLICA_HALF_HEIGHT_MM = 2;

function plicaEdgeMm(yMm: number): number {
  return PLICA_EDGE_MM - PLICA_CURVE * yMm * yMm;
}

function paintPlica(ctx: CanvasRenderingContext2D, cx: number, cy: number, mm: number): void {
  const x0Mm = PLICA_EDGE_MM - PLICA_CURVE * PLICA_HALF_HEIGHT_MM ** 2 - 0.4;
  const x1Mm = PLICA_EDGE_MM + PLICA_WIDTH_MM + 0.2;
  const ox = Math.floor(cx + x0Mm * mm);
  const oy = Math.floor(cy - (PLICA_HALF_HEIGHT_MM + 0.3) * mm);
  const layer = makeLayer(Math.ceil((x1Mm - x0Mm) * mm) + 2, Math.ceil(2 * (PLICA_HALF_HEIGHT_MM + 0.3) * mm) + 2);
  const mottle = new Noise2D(textureRandom('plica-mottle'), 64, 64);
  const cos = Math.cos(PLICA_LEAN_RAD);
  const sin = Math.sin(PLICA_LEAN_RAD);
  paintPixels(layer, (px, py, out) => {
    const dx = (ox + px - cx) / mm;
    const dy = (oy + py - cy) / mm;
    const x = dx * cos + dy * sin;
    const y = -dx * sin + dy * cos;
    // Past the edge (+ medially), mm; the fold thins out toward its horns.
    const d = x - plicaEdgeMm(y);
    const horn = 1 - smoothstep(0.55 * PLICA_HALF_HEIGHT_MM, PLICA_HALF_HEIGHT_MM, Math.abs(y));
    // The fold: rising over 0.3 mm at its free edge (soft: it is a rounded fold, not a cut), fading
    // medially, its redness mottled by its vessels.
    const fold = smoothstep(-0.1, 0.22, d) * (1 - smoothstep(0.6 * PLICA_WIDTH_MM, PLICA_WIDTH_MM, d)) * horn;
    const red = 1 + 0.05 * mottle.at(x / 0.35 + 11, y / 0.35 + 11);
    // The shadow under the free edge, on the white just lateral of it, and the light on the crest.
    const shade = 0.45 * Math.exp(-(((d + 0.1) / 0.12) ** 2)) * horn;
    const crest = 0.06 * Math.exp(-(((d - 0.2) / 0.12) ** 2)) * horn;
    const a = Math.min(1, PLICA_ALPHA * fold + shade + crest);
    if (a <= 0.002) {
      out[3] = 0;
      return;
    }
    // Premixed: the fold's colour, the shadow's dark red and the crest's pale light by their shares.
    const wF = PLICA_ALPHA * fold;
    const mix = (k: number, sh: number, cr: number): number => (wF * PLICA_RGB[k] * (k === 0 ? red : 2 - red) + shade * sh + crest * cr) / (wF + shade + crest);
    out[0] = mix(0, 140, 255);
    out[1] = mix(1, 66, 236);
    out[2] = mix(2, 64, 230);
    out[3] = 255 * a;
  });
  ctx.drawImage(layer.canvas, ox, oy);
  // The fold is wet too: two or three pinpoint glints at irregular places on its crest (fixed to it,
  // like the caruncle's; evenly spaced they read as a dotted line).
  ctx.beginPath();
  for (const [yMm, k] of [[-0.85, 1], [0.3, 0.7], [0.95, 0.55]]) {
    const xMm = plicaEdgeMm(yMm) + 0.2;
    const x = cx + (xMm * cos - yMm * sin) * mm;
    const y = cy + (xMm * sin + yMm * cos) * mm;
    const r = 0.03 * k * mm;
    ctx.moveTo(x + r, y);
    ctx.ellipse(x, y, r, 0.8 * r, 0, 0, Math.PI * 2);
  }
  ctx.fillStyle = 'rgba(255, 255, 255, 0.7)';
  ctx.fill();
}
