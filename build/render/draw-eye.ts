import type { EraId } from '../scene/scene.ts';
import type { EyeSample } from '../model/types.ts';
import type { RenderPass } from '../page/protocol.ts';

export interface View {
  width: number;
  height: number;
  era: EraId;
  pass: RenderPass;
}

// PLACEHOLDER until the renderer lands: a flat iris disc so the pipeline has something to film.
export function drawEye(ctx: CanvasRenderingContext2D, s: EyeSample, view: View): void {
  const pxPerMm = (36 * view.height) / 900;
  const cx = view.width / 2;
  const cy = view.height / 2;
  ctx.fillStyle = '#d9b99b';
  ctx.fillRect(0, 0, view.width, view.height);
  ctx.fillStyle = '#f4f1ea';
  ctx.fillRect(cx - 16 * pxPerMm, cy - s.upperLidMm * pxPerMm * -1 - 0, 32 * pxPerMm, s.apertureMm * pxPerMm);
  const ix = cx + Math.sin((s.yawDeg * Math.PI) / 180) * 12 * pxPerMm;
  const iy = cy - Math.sin((s.pitchDeg * Math.PI) / 180) * 12 * pxPerMm;
  ctx.fillStyle = '#4a6b3a';
  ctx.beginPath();
  ctx.arc(ix, iy, 6 * pxPerMm, 0, Math.PI * 2);
  ctx.fill();
}
