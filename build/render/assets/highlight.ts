import type { EraLight } from '../../model/eras/era-light.ts';
import { catchlightSizeMm, catchlightStrength } from '../geometry/catchlight-pose.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { Layer } from './canvas.ts';
import { makeLayer } from './canvas.ts';

/**
 * The era's light as the cornea reflects it (geometry/catchlight-pose.ts gives where and how big),
 * painted once per era and canvas size into a small layer whose centre is the reflection's centre.
 * A screen is a rounded rectangle of its colour, a touch brighter toward its middle (the tear film
 * softens the edge); a terminal's dark glass shows its lines of text; a ring light is a ring. A faint
 * halo round it is the tear film's scatter, which fades out well inside the layer.
 */
export function paintCatchlight(f: EyeFrame, light: EraLight): Layer {
  const mm = f.pxPerMm;
  const size = catchlightSizeMm(light);
  const w = size.widthMm * mm;
  const h = size.heightMm * mm;
  const pad = Math.ceil(0.5 * mm);
  const layer = makeLayer(Math.ceil(w) + 2 * pad, Math.ceil(h) + 2 * pad);
  const ctx = layer.ctx;
  const c = light.catchlight;
  const rgb = hexRgb(light.colourHex);
  const strength = catchlightStrength(light);
  const kMmPerCm = size.widthMm / (c.kind === 'ring' ? c.outerDiameterCm : light.screenWidthCm);
  ctx.translate(layer.canvas.width / 2, layer.canvas.height / 2);

  const halo = ctx.createRadialGradient(0, 0, 0, 0, 0, Math.max(w, h) / 2 + 0.45 * mm);
  halo.addColorStop(0, `rgba(${rgb.join(', ')}, ${(0.12 * strength).toFixed(3)})`);
  halo.addColorStop(1, `rgba(${rgb.join(', ')}, 0)`);
  ctx.fillStyle = halo;
  ctx.fillRect(-layer.canvas.width / 2, -layer.canvas.height / 2, layer.canvas.width, layer.canvas.height);

  ctx.filter = `blur(${Math.max(0.6, 0.02 * mm).toFixed(2)}px)`;
  if (c.kind === 'ring') {
    ctx.beginPath();
    ctx.arc(0, 0, w / 2, 0, Math.PI * 2);
    ctx.arc(0, 0, (c.innerDiameterCm * kMmPerCm * mm) / 2, 0, Math.PI * 2, true);
    ctx.fillStyle = `rgba(${rgb.join(', ')}, ${Math.min(1, 1.6 * strength).toFixed(3)})`;
    ctx.fill();
  } else {
    const r = Math.min(w, h) / 2 > 0 ? Math.min(c.cornerRadiusCm * kMmPerCm * mm, Math.min(w, h) / 2) : 0;
    ctx.beginPath();
    ctx.roundRect(-w / 2, -h / 2, w, h, r);
    if (c.content === 'text-lines') {
      // Dark glass: the room's faint reflection, and the phosphor's lines of text across it.
      ctx.fillStyle = `rgba(${rgb.join(', ')}, ${(0.12 * strength).toFixed(3)})`;
      ctx.fill();
      ctx.save();
      ctx.clip();
      const lines = 9;
      for (let i = 0; i < lines; i++) {
        const y = -h / 2 + ((i + 0.7) * h) / (lines + 0.4);
        // Ragged right margins, as lines of text have (fixed per line: deterministic).
        const len = w * (0.55 + 0.35 * Math.abs(Math.sin(i * 2.3 + 0.7)));
        // Lit phosphor on black glass: the lines are the bright part, so they carry more than a glow's strength.
        ctx.fillStyle = `rgba(${rgb.join(', ')}, ${Math.min(1, 1.7 * strength).toFixed(3)})`;
        ctx.fillRect(-w / 2 + 0.1 * w, y, len - 0.15 * w, Math.max(1, h / (lines * 2.6)));
      }
      ctx.restore();
    } else {
      const g = ctx.createRadialGradient(0, 0, 0, 0, 0, Math.max(w, h) / 2);
      g.addColorStop(0, `rgba(${rgb.join(', ')}, ${Math.min(1, strength * 1.12).toFixed(3)})`);
      g.addColorStop(1, `rgba(${rgb.join(', ')}, ${(strength * 0.85).toFixed(3)})`);
      ctx.fillStyle = g;
      ctx.fill();
    }
  }
  ctx.filter = 'none';
  return layer;
}

function hexRgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`renderer: colour ${hex} is not #rrggbb`);
  return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
}
