import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { lidGlintPx, lidGlints } from '../geometry/tear-beads.ts';

/**
 * The lids' specular glints (geometry/tear-beads.ts's lidGlints): tiny bright points on the tear
 * beads' crests, on the lower lid's wet edge and along the upper margin, each a soft halo round a
 * hard core. They belong to the lid: placed along the margin, they ride it and never slide with the
 * globe. Drawn as three batched paths (cheap: once per lid state, in the face layer). They fade as
 * the lids meet (the wet edges tuck against each other).
 */
export function drawLidGlints(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins): void {
  const show = Math.min(1, Math.max(0, (m.openness - 0.08) / 0.4));
  if (show <= 0) return;
  const mm = f.pxPerMm;
  const spots = lidGlints().map((g) => ({ ...lidGlintPx(f, m, g), r: g.radiusMm * mm, bright: g.strength > 0.8 }));
  const pass = (grow: number, squash: number, keep: (s: (typeof spots)[number]) => boolean, style: string): void => {
    ctx.beginPath();
    for (const s of spots) {
      if (!keep(s)) continue;
      ctx.moveTo(s.xPx + grow * s.r, s.yPx);
      ctx.ellipse(s.xPx, s.yPx, grow * s.r, squash * grow * s.r, 0, 0, Math.PI * 2);
    }
    ctx.fillStyle = style;
    ctx.fill();
  };
  pass(2.2, 0.7, () => true, `rgba(255, 250, 246, ${0.22 * show})`);
  pass(1, 0.75, (s) => !s.bright, `rgba(255, 255, 255, ${0.82 * show})`);
  pass(1, 0.75, (s) => s.bright, `rgba(255, 255, 255, ${0.97 * show})`);
}
