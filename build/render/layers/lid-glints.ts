import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { lashLineGlints, lidGlintPx, lidGlints } from '../geometry/lid-glint-spots.ts';
import { LASH_LINE_MM, lowerMarginThickness } from './lower-lid.ts';
import { marginShow } from './margin-band.ts';

/** The lash line's sparks: a halo this many times a spark's size in the margin glints' sheen, and a
 * core of SPARK_CORE_LIGHT white by strength (none on the faintest, a size and a larger one): ~20
 * luma at the faintest's middle, ~38 at the others'. */
const SPARK_HALO = 1.8;
const SPARK_CORE: readonly (number | null)[] = [null, 0.8, 1.1];
const SPARK_CORE_LIGHT = 0.07;

/**
 * The lids' specular glints (geometry/lid-glint-spots.ts): short bright flecks on the lower lid's wet
 * edge, hot points in the meniscus's brightest streaks and along the upper margin, each a hard core
 * in a faint, tight sheen, added to the light beneath, laid along the margin's own slope; and the
 * lower lash line's soft sparks (SPARK_HALO). They belong to the lid: placed along the margin, they
 * ride it and never slide with the globe. Drawn as four batched paths (cheap: once per lid state, in
 * the face layer). They fade as the lids meet (the wet edges tuck against each other), as the margin's
 * bands do (marginShow), whose lash line the lash line's sparks sit on.
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
  const sparks: Spot[] = lashLineGlints().map((g) => spot(lineAt(g.t, g.depth), lineAt(g.t + 0.004, g.depth), g, g.strength > 0.8 ? 2 : g.strength > 0.6 ? 1 : 0));
  // Each pass one path of ellipses, each `grow` times its spot's size (null: not in this pass).
  const pass = (grow: (s: Spot, spark: boolean) => number | null, style: string): void => {
    ctx.beginPath();
    for (const [set, spark] of [[spots, false], [sparks, true]] as const) {
      for (const s of set) {
        const g = grow(s, spark);
        if (g === null) continue;
        const rx = g * s.stretch * s.r;
        ctx.moveTo(s.xPx + rx * Math.cos(s.angle), s.yPx + rx * Math.sin(s.angle));
        ctx.ellipse(s.xPx, s.yPx, rx, 0.75 * g * s.r, s.angle, 0, Math.PI * 2);
      }
    }
    ctx.fillStyle = style;
    ctx.fill();
  };
  // A specular glint is light added to the tissue's own, not paint over it: added ('lighter'), its
  // core reaches white on a lid in shade as in light (painted over at 0.78 it peaked under 215 luma
  // in the shade under the lower lid), and the sheen lifts what is beneath by a fixed amount.
  // The lash line's sparks are light added too, but soft and far from white: they sit in the lower
  // lashes' plane, as out of focus as those hairs, and the periocular photographs' sparks there stand
  // 8–38 luma over the skin round them, never clipped (white cores read as glitter). So each is the
  // sheen's light over a halo (SPARK_HALO) and, but for the faintest, a core in it (SPARK_CORE), larger
  // on the stronger: four fills in all, as many as the glints alone.
  const op = ctx.globalCompositeOperation;
  ctx.globalCompositeOperation = 'lighter';
  pass((_, spark) => (spark ? SPARK_HALO : 1.5), `rgba(255, 250, 246, ${0.08 * show})`);
  pass((s, spark) => (spark ? SPARK_CORE[s.level] : null), `rgba(255, 255, 255, ${SPARK_CORE_LIGHT * show})`);
  pass((s, spark) => (!spark && s.level === 1 ? 1 : null), `rgba(255, 255, 255, ${0.78 * show})`);
  pass((s, spark) => (!spark && s.level === 2 ? 1 : null), `rgba(255, 255, 255, ${0.96 * show})`);
  ctx.globalCompositeOperation = op;
}
