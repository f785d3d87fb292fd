import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { lashLineGlints, lidGlintPx, lidGlints } from '../geometry/lid-glint-spots.ts';
import { LASH_LINE_MM, lowerMarginThickness } from './lower-lid.ts';
import { marginShow } from './margin-band.ts';

/**
 * The lids' specular glints (geometry/lid-glint-spots.ts): short bright flecks on the lower lid's wet
 * edge, hot points in the meniscus's brightest streaks and along the upper margin, each a hard core
 * in a faint, tight sheen, added to the light beneath, laid along the margin's own slope. They belong to the lid: placed along
 * the margin, they ride it and never slide with the globe. Drawn as three batched paths (cheap: once
 * per lid state, in the face layer). They fade as the lids meet (the wet edges tuck against each other),
 * as the margin's bands do (marginShow), whose lash line the lash line's sparks sit on.
 */
export function drawLidGlints(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins): void {
  const show = marginShow(m);
  if (show <= 0) return;
  const mm = f.pxPerMm;
  type Spot = { xPx: number; yPx: number; r: number; stretch: number; angle: number; level: number };
  // A glint at p, drawn out along the margin toward q (its place a little further along the lid).
  const spot = (p: { xPx: number; yPx: number }, q: { xPx: number; yPx: number }, g: { radiusMm: number; stretch: number }, level: number): Spot => ({
    ...p,
    r: g.radiusMm * mm,
    stretch: g.stretch,
    angle: Math.atan2(q.yPx - p.yPx, q.xPx - p.xPx),
    level,
  });
  const spots = lidGlints().map((g) => spot(lidGlintPx(f, m, g), lidGlintPx(f, m, { ...g, t: g.t + 0.004 }), g, g.strength > 0.85 ? 2 : 1));
  // The lash line's sparks, at its depth under the margin where they sit (it thins into the canthi and shallows as the lid closes).
  const span = m.xMedialMm - m.xLateralMm;
  const lineAt = (t: number, depth: number): { xPx: number; yPx: number } => {
    const x = m.xLateralMm + span * t;
    return { xPx: xPx(f, x), yPx: yPx(f, m.lowerMm(x) - LASH_LINE_MM * show * lowerMarginThickness(t) * depth) };
  };
  for (const g of lashLineGlints()) {
    spots.push(spot(lineAt(g.t, g.depth), lineAt(g.t + 0.004, g.depth), g, g.strength > 0.8 ? 2 : g.strength > 0.6 ? 1 : 0));
  }
  const pass = (grow: number, keep: (s: Spot) => boolean, style: string): void => {
    ctx.beginPath();
    for (const s of spots) {
      if (!keep(s)) continue;
      const rx = grow * s.stretch * s.r;
      ctx.moveTo(s.xPx + rx * Math.cos(s.angle), s.yPx + rx * Math.sin(s.angle));
      ctx.ellipse(s.xPx, s.yPx, rx, 0.75 * grow * s.r, s.angle, 0, Math.PI * 2);
    }
    ctx.fillStyle = style;
    ctx.fill();
  };
  // A specular glint is light added to the tissue's own, not paint over it: added ('lighter'), its
  // core reaches white on a lid in shade as in light (painted over at 0.78 it peaked under 215 luma
  // in the shade under the lower lid), and the sheen lifts what is beneath by a fixed amount.
  const op = ctx.globalCompositeOperation;
  ctx.globalCompositeOperation = 'lighter';
  pass(1.5, () => true, `rgba(255, 250, 246, ${0.08 * show})`);
  pass(1, (s) => s.level === 0, `rgba(255, 255, 255, ${0.45 * show})`);
  pass(1, (s) => s.level === 1, `rgba(255, 255, 255, ${0.78 * show})`);
  pass(1, (s) => s.level === 2, `rgba(255, 255, 255, ${0.96 * show})`);
  ctx.globalCompositeOperation = op;
}
