import type { EraLight } from '../../model/eras/era-light.ts';
import { catchlightSizeMm, catchlightStrength } from '../geometry/catchlight-pose.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { Layer } from './canvas.ts';
import { makeLayer } from './canvas.ts';

/**
 * The era's light as the cornea reflects it (geometry/catchlight-pose.ts gives where and how big),
 * painted once per era and canvas size into a small layer whose centre is the reflection's centre.
 * It should read as a reflection on a wet surface, not a shape drawn on the eye: the tear film softens
 * every edge (a blur of ~0.06 mm) and scatters a faint halo; the middle of a lit screen is brighter and
 * whiter than its edges, as a specular highlight is. A screen is its rounded rectangle in its colour;
 * a terminal's dark glass shows its lines of text; a ring light is a soft ring, brighter on top (it is
 * seen from below its axis), around the dimmer phone it is clipped to.
 */
export function paintCatchlight(f: EyeFrame, light: EraLight): Layer {
  const mm = f.pxPerMm;
  const size = catchlightSizeMm(light);
  const w = size.widthMm * mm;
  const h = size.heightMm * mm;
  const pad = Math.ceil(0.6 * mm);
  const layer = makeLayer(Math.ceil(w) + 2 * pad, Math.ceil(h) + 2 * pad);
  const ctx = layer.ctx;
  const c = light.catchlight;
  const rgb = hexRgb(light.colourHex);
  const col = rgb.join(', ');
  // The specular middle: the colour halfway to white.
  const hot = rgb.map((v) => Math.round(v + (255 - v) * 0.5)).join(', ');
  const strength = catchlightStrength(light);
  const kMmPerCm = size.widthMm / (c.kind === 'ring' ? c.outerDiameterCm : light.screenWidthCm);
  const soft = (k: number) => `blur(${Math.max(0.7, k * mm).toFixed(2)}px)`;
  ctx.translate(layer.canvas.width / 2, layer.canvas.height / 2);

  const halo = ctx.createRadialGradient(0, 0, 0, 0, 0, Math.max(w, h) / 2 + 0.5 * mm);
  halo.addColorStop(0, `rgba(${col}, ${(0.16 * strength).toFixed(3)})`);
  halo.addColorStop(0.6, `rgba(${col}, ${(0.07 * strength).toFixed(3)})`);
  halo.addColorStop(1, `rgba(${col}, 0)`);
  ctx.fillStyle = halo;
  ctx.fillRect(-layer.canvas.width / 2, -layer.canvas.height / 2, layer.canvas.width, layer.canvas.height);

  ctx.filter = soft(0.08);
  if (c.kind === 'ring') {
    const ro = w / 2;
    const ri = (c.innerDiameterCm * kMmPerCm * mm) / 2;
    // The phone in the ring's middle: its screen, dimmer than the ring's LEDs.
    const pw = light.screenWidthCm * kMmPerCm * mm;
    const ph = Math.min(light.screenHeightCm * kMmPerCm * mm, 2 * ri * 0.96);
    traceMirroredScreen(ctx, pw, ph, Math.min(pw, ph) * 0.18);
    ctx.fillStyle = `rgba(${col}, ${(0.4 * strength).toFixed(3)})`;
    ctx.fill();
    ctx.beginPath();
    ctx.arc(0, 0, ro, 0, Math.PI * 2);
    ctx.arc(0, 0, ri, 0, Math.PI * 2, true);
    const g = ctx.createLinearGradient(0, -ro, 0, ro);
    g.addColorStop(0, `rgba(${hot}, ${Math.min(1, 1.15 * strength).toFixed(3)})`);
    g.addColorStop(1, `rgba(${col}, ${(0.8 * strength).toFixed(3)})`);
    ctx.fillStyle = g;
    ctx.fill();
  } else {
    const r = Math.min(c.cornerRadiusCm * kMmPerCm * mm, Math.min(w, h) / 2);
    traceMirroredScreen(ctx, w, h, r);
    if (c.content === 'text-lines') {
      // Dark glass: the room's faint reflection, and the phosphor's lines of text across it.
      ctx.fillStyle = `rgba(${col}, ${(0.12 * strength).toFixed(3)})`;
      ctx.fill();
      ctx.save();
      ctx.clip();
      const lines = 9;
      for (let i = 0; i < lines; i++) {
        const y = -h / 2 + ((i + 0.7) * h) / (lines + 0.4);
        // Ragged right margins, as lines of text have (fixed per line: deterministic).
        const len = w * (0.55 + 0.35 * Math.abs(Math.sin(i * 2.3 + 0.7)));
        // Lit phosphor on black glass: the lines are the bright part, so they carry more than a glow's strength.
        ctx.fillStyle = `rgba(${col}, ${Math.min(1, 1.7 * strength).toFixed(3)})`;
        ctx.fillRect(-w / 2 + 0.1 * w, y, len - 0.15 * w, Math.max(1, h / (lines * 2.6)));
      }
      ctx.restore();
    } else {
      const g = ctx.createRadialGradient(0, -0.1 * h, 0, 0, 0, Math.max(w, h) / 2);
      g.addColorStop(0, `rgba(${col}, ${Math.min(1, strength).toFixed(3)})`);
      g.addColorStop(1, `rgba(${col}, ${(strength * 0.55).toFixed(3)})`);
      ctx.fillStyle = g;
      ctx.fill();
      // The specular middle, whiter and softer still.
      ctx.filter = soft(0.15);
      traceMirroredScreen(ctx, w * 0.62, h * 0.58, r * 0.6);
      ctx.fillStyle = `rgba(${hot}, ${(0.35 * strength).toFixed(3)})`;
      ctx.fill();
    }
  }
  ctx.filter = 'none';
  return layer;
}

/**
 * A screen as a convex mirror shows it: a rounded rectangle whose straight edges bow outward (the
 * cornea images a straight line as a curve; BOW of each edge's length), so no edge is ever straight.
 */
const BOW = 0.06;

function traceMirroredScreen(ctx: CanvasRenderingContext2D, w: number, h: number, r: number): void {
  const x0 = -w / 2;
  const y0 = -h / 2;
  const x1 = w / 2;
  const y1 = h / 2;
  // A quadratic's control point sits at twice the sagitta: the curve then bows by BOW·length.
  const bw = 2 * BOW * w;
  const bh = 2 * BOW * h;
  ctx.beginPath();
  ctx.moveTo(x0 + r, y0);
  ctx.quadraticCurveTo(0, y0 - bw, x1 - r, y0);
  ctx.quadraticCurveTo(x1, y0, x1, y0 + r);
  ctx.quadraticCurveTo(x1 + bh, 0, x1, y1 - r);
  ctx.quadraticCurveTo(x1, y1, x1 - r, y1);
  ctx.quadraticCurveTo(0, y1 + bw, x0 + r, y1);
  ctx.quadraticCurveTo(x0, y1, x0, y1 - r);
  ctx.quadraticCurveTo(x0 - bh, 0, x0, y0 + r);
  ctx.quadraticCurveTo(x0, y0, x0 + r, y0);
  ctx.closePath();
}

function hexRgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`renderer: colour ${hex} is not #rrggbb`);
  return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
}
