import { LID_SPHERE_RADIUS_MM } from '../../model/anatomy/rest.ts';
import type { Lash } from '../assets/lash-set.ts';
import { LOWER_LASHES, UPPER_LASHES, UPPER_ROOT_LASHES } from '../assets/lash-set.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { restLidMargins } from '../geometry/lid-margins.ts';

/**
 * Lashes, rooted at fixed fractions along each margin, each a curved hair in 3D projected onto the
 * picture. A lash leaves the lid pointing out of the face (fanned sideways by fanRad) and curls up
 * along its length; seen from the front the part pointing at the viewer is foreshortened away and the
 * curl shows, so an upper lash reads as curving up and out. As the lid closes it turns over the globe
 * and its lashes turn with it (by more than the margin's arc: the tarsus rolls as it goes down), so
 * they swing from up, through pointing at the viewer (short, hooked), to hanging down when shut: they
 * ride the margin through the whole blink and never vanish. A hair's tip grows from its clump's root
 * (lash-set.ts), so a clump's tips meet in every pose, while each hair's own curl and bow keep it
 * apart from its neighbours on the way (a clump is 2–5 fine hairs, not one wedge). Each lash is a
 * tapered cubic hair in five pieces, darker at the root and lighter, more transparent toward the
 * tip, widening and fading there as the camera's focus leaves it (DEFOCUS). Each hair is one
 * fill, its pieces one path and its tone a two-stop gradient (hairTone), ~30 µs a hair at 1280×720 in a
 * software canvas, and only when the lids move (the face layer caches them).
 */
/** A colour along a hair: sRGB and opacity. */
export interface LashTone {
  rgb: [number, number, number];
  alpha: number;
}
/** Where (along the hair's curve, 0 root … 1 tip) each piece of its outline starts (the outline is
 * traced in pieces so its sides follow the curve; all of one hair is filled at once). */
const LASH_SEGMENTS = [0, 0.4, 0.62, 0.78, 0.9];
/** Where piece k of a hair ends: the next one's start, or the tip. */
function segmentEnd(k: number): number {
  return k + 1 < LASH_SEGMENTS.length ? LASH_SEGMENTS[k + 1] : 1;
}
/** The share of its opacity a hair gives up to the defocus's widening (DEFOCUS), per unit of its length past ROOT_EVEN_TO. */
const DEFOCUS_SHARE = 0.3;
/**
 * Each hair colour at its root and its tip (between them the tone runs smoothly: hairTone). A hair is
 * opaque at its root (0.1 mm of pigmented hair) and thins to a translucent tip: drawn a fill per hair,
 * two crossing hairs darken each other only where they are translucent, so a row's roots crossing read
 * as dark brown, not near black. The browns are a photograph's fringe's: at 65, 47, 37 rooted and 108,
 * 84, 66 at the tip the hairs' middles over the skin read luma 73 (median) and 61 (darkest tenth) as tan
 * strokes, where a DSLR close-up's read 53 and 39 (lash-picture.test.ts); now 55 and 42.
 */
const ROOT_TIP: [LashTone, LashTone][] = [
  [
    { rgb: [42, 29, 23], alpha: 1 },
    { rgb: [84, 62, 50], alpha: 0.4 },
  ],
  [
    { rgb: [56, 39, 31], alpha: 1 },
    { rgb: [100, 76, 60], alpha: 0.36 },
  ],
];
/**
 * A hair's colour at s along it (0 root … 1 tip), for hair colour `shade` (Lash.shade's two browns): the
 * root's tone to ROOT_EVEN_TO, then evenly lighter and more transparent to the tip, where the hair thins
 * to a translucent point (no lash is pure black in a photograph), and the defocus (DEFOCUS)
 * spreads the tip's darkness thinner (DEFOCUS_SHARE of its opacity per unit of length past
 * ROOT_EVEN_TO: 0.225 by the tip). Even, so the canvas draws it as a
 * two-stop gradient: a software canvas fills a two-stop gradient ~2 ms a lid redraw faster than one of
 * seven stops over the 216 hairs (1280×720). The seven stops traced a fall that came mostly in the
 * outer half (a power of 1.5 from a fifth of the way); from a quarter of the way, evenly, the hair over
 * the skin reads within 6 levels of it everywhere along it.
 */
export function hairTone(shade: number, s: number, row: LashCurvePx['row'] = 'upper'): LashTone {
  const [root, tip] = ROOT_TIP[shadeIndex(shade)];
  const u = Math.min(1, Math.max(0, (s - ROOT_EVEN_TO) / (1 - ROOT_EVEN_TO)));
  const tipAlpha = tip.alpha * (1 - DEFOCUS_SHARE * (1 - ROOT_EVEN_TO));
  const opacity = row === 'lower' ? LOWER_HAIR_OPACITY : 1;
  return {
    rgb: root.rgb.map((v, i) => Math.round(v + (tip.rgb[i] - v) * u)) as [number, number, number],
    alpha: Math.round((root.alpha + (tipAlpha - root.alpha) * u) * opacity * 1000) / 1000,
  };
}
/**
 * The lower row's share of a hair's opacity. Lower lashes are finer and less pigmented than the upper
 * (anatomy texts), and in photographs the fringe under the lid reads as faint grey-brown hairs, some
 * barely there, not as dark strokes (a phone's close-up of a brown eye, MICHE; the EyelashNet sheet). At the upper
 * row's opacity their cores read 0.76 darker than the skin behind them (their 90th percentile; the
 * upper's 0.81): ink lines on the lid (lower-lash-picture.test.ts).
 */
export const LOWER_HAIR_OPACITY = 0.6;
/** Which of ROOT_TIP's hair colours a shade (0 … 1) is. */
function shadeIndex(shade: number): number {
  return Math.min(ROOT_TIP.length - 1, Math.max(0, Math.floor(shade * ROOT_TIP.length)));
}
/** A hair's root tone holds to here along it (a quarter). */
const ROOT_EVEN_TO = 0.25;
/** The two hair colours at their roots and tips (hairTone at 0 and 1). */
export const LASH_TONES: readonly (readonly LashTone[])[] = ROOT_TIP.map((_, k) => [hairTone(k / ROOT_TIP.length, 0), hairTone(k / ROOT_TIP.length, 1)]);

/** A hair's tone as a gradient along its chord, from ROOT_EVEN_TO to the tip (the canvas pads the
 * root's tone before it). Most hairs' points project onto the chord in order; where a rolled hair
 * hooks back along its chord (~1 in 8 across gazes and blinks), its tone there follows the chord. */
function hairGradient(ctx: CanvasRenderingContext2D, c: LashCurvePx): CanvasGradient {
  const g = ctx.createLinearGradient(c.x0 + ROOT_EVEN_TO * (c.x1 - c.x0), c.y0 + ROOT_EVEN_TO * (c.y1 - c.y0), c.x1, c.y1);
  const [root, tip] = TONE_STYLES[c.row][shadeIndex(c.shade)];
  g.addColorStop(0, root);
  g.addColorStop(1, tip);
  return g;
}
/** Each row's hair colours' CSS colours at their roots and tips, made once (the gradients are made per hair and frame). */
const TONE_STYLES: Readonly<Record<LashCurvePx['row'], readonly (readonly string[])[]>> = {
  upper: toneStyles('upper'),
  lower: toneStyles('lower'),
};
function toneStyles(row: LashCurvePx['row']): string[][] {
  return ROOT_TIP.map((_, k) => [0, 1].map((s) => hairTone(k / ROOT_TIP.length, s, row)).map((t) => `rgba(${t.rgb.join(', ')}, ${t.alpha.toFixed(3)})`));
}
/** The light caught along a hair (toward the light, upper left), from HIGHLIGHT_FROM to HIGHLIGHT_TO:
 * a thin line on the hair's lit side, not a second hair. */
const HIGHLIGHT_RGB = '226, 200, 178';
const HIGHLIGHT_ALPHA = 0.3;
const HIGHLIGHT_FROM = 0.15;
const HIGHLIGHT_TO = 0.6;
/**
 * Depth of field: a camera focused on the iris sees the lashes a few millimetres in front of it, their
 * tips nearest, slightly out of focus. A blur filter on the lashes cost more than all their fills, so
 * the blur is drawn into the hair's own shape: each piece widens toward the tip by up to `tipPx`
 * beyond the hair's thickness, growing along it as `grow` (0 at the root, on the lid margin near the
 * iris's plane, which stays sharp; 1 at the tip), and gives up DEFOCUS_SHARE of its opacity: the same
 * darkness spread over a wider, fainter line, as a small blur spreads it, for no extra fill.
 */
interface Defocus {
  tipPx: number;
  grow: (s: number) => number;
}
/**
 * Each row's defocus. An upper hair leaves the lid toward the camera and curls up, so it comes nearer
 * the lens most over its first part: it grows as 1 − (1 − s)^1.5, to 1.5 px. Grown evenly, a hair
 * rising steeply off the lid was sharp where lash-picture.test.ts reads it, 0.5–1.3 mm over the margin
 * (0.22 of its darkness beside it, under 0.25), and at 1.4 px hairs leaving the lid upward (lash-set.ts)
 * put 0.244 there. A lower hair leaves the lid down and away from the lens and grows evenly, to 1.4 px:
 * grown as the upper, its wider bases covered the lash line's sparks (wet-tissue-picture.test.ts: 14
 * over 29 mm, under one every 2 mm).
 */
const DEFOCUS: Readonly<Record<LashCurvePx['row'], Defocus>> = {
  upper: { tipPx: 1.5, grow: (s) => 1 - Math.pow(1 - s, 1.5) },
  lower: { tipPx: 1.4, grow: (s) => s },
};
/**
 * The mask's thinnest hair, px: a flat-colour pixel is read as its nearest class, so a path under
 * ~0.5 px of coverage reads as the skin behind it. At 1 px a hair running along a pixel row's edge
 * covered the rows either side by half each and read as skin in both (an up-gaze's upper hair, 67
 * levels dark in the colour, had no lash pixel within 1 px: lower-lash-picture.test.ts); 1.25 px
 * keeps a hair's whole length, tip included, in the lash class.
 */
export const MASK_HAIR_MIN_PX = 1.25;
/** The mask's root stubs reach half a pixel further each side than the colour's, over the colour's
 * antialiased edge (which darkens the skin beside a 3-hair-wide stub by ~10 levels). */
const MASK_STUB_PAD_PX = 0.5;
/** Each piece of a hair starts this far (along it) under the one before, so no seam shows between them. */
const PIECE_OVERLAP = 0.006;
/** The mask traces a piece of hair that turns more than this in two halves (drawLashCurves). */
const MASK_SPLIT_TURN_RAD = 0.4;
/**
 * The upper row's crowded roots: a frontal photograph shows, right along the upper margin, a dark,
 * slightly irregular band (almost a thin natural liner) where 2–3 rows of hair bases crowd and leave
 * the lid pointing at the camera, foreshortened. Each upper hair's first ROOT_STUB_TO of its length is
 * traced again ROOT_STUB_SCALE times its width into the root piece's own path (no extra fill): the
 * stubs of neighbouring hairs and rows overlap into that band, uneven as the hairs' widths and places.
 * 2.8 widths: at 3.6 each stub stood out below its clump as a dark foot (2026-script frame 90 at 3×);
 * at 3, before a clump's hairs splayed at the root (lash-set.ts), the thinner hairs (0.045–0.095 mm)
 * left 0.43 of the band lash (lash-fringe-picture.test.ts, over 0.45). With the splay: 0.51 at 3.6,
 * 0.47 at 2.8, 0.46 at 2.6.
 */
const ROOT_STUB_TO = 0.08;
const ROOT_STUB_SCALE = 2.8;
const ROOT_STUB_MIN_PX = 1.6;
/** The lash row turns this many times the margin's own turn on the lid sphere. */
const UPPER_ROLL_GAIN = 1.5;
const LOWER_ROLL_GAIN = 0.6;
/** Roots sit on the margin's front edge, this far inside the lid (mm). */
const UPPER_ROOT_MM = 0.06;
const LOWER_ROOT_MM = -0.04;

/** One hair in frame pixels: root, the cubic's two controls, tip, and its root width. */
export interface LashCurvePx {
  x0: number;
  y0: number;
  c1x: number;
  c1y: number;
  c2x: number;
  c2y: number;
  x1: number;
  y1: number;
  widthPx: number;
  shade: number;
  highlight: number;
  /** Which row (the face layer throws the upper row's shadows). */
  row: 'upper' | 'lower';
  /** Which clump of its row (Lash.clump): a clump throws one shadow. */
  clump: number;
  /** One of the short hairs crowded at the upper roots (UPPER_ROOT_LASHES): drawn in bulk (drawLashCurves). */
  short: boolean;
}

/** The point s along a hair's cubic (0 root … 1 tip), frame px. */
export function lashPointPx(c: LashCurvePx, s: number): [number, number] {
  const u = 1 - s;
  const a = u * u * u;
  const b = 3 * u * u * s;
  const d = 3 * u * s * s;
  const e = s * s * s;
  return [a * c.x0 + b * c.c1x + d * c.c2x + e * c.x1, a * c.y0 + b * c.c1y + d * c.c2y + e * c.y1];
}

/** A hair's direction at s along it (the cubic's derivative), px per unit s. */
function lashTangentPx(c: LashCurvePx, s: number): [number, number] {
  const u = 1 - s;
  const a = 3 * u * u;
  const b = 6 * u * s;
  const d = 3 * s * s;
  return [a * (c.c1x - c.x0) + b * (c.c2x - c.c1x) + d * (c.x1 - c.c2x), a * (c.c1y - c.y0) + b * (c.c2y - c.c1y) + d * (c.y1 - c.c2y)];
}

/**
 * A real upper lash curves sideways as well as up (eye.md §11: "up and out"), along its whole length.
 * The fan, twist and curl of a hair give its frontal outline a sideways bow that the lid's roll never
 * changes (it turns the hair about the horizontal), but on a long hair that bow can be all but nil:
 * where the curl carries the hair through upright, sin(α) saturates and the outline ran as a
 * ruler-straight vertical (2026-script seed 1, frame 38, mid-blink: 2.19 mm at x 776, over §11's
 * 1.5 mm; the open eye 1.4-1.5 mm). So each upper hair's middle moves a further lateralBowMm across
 * its root-to-tip line, on the side the hair already bows (fixed to the hair, so the bend is
 * continuous along it and from frame to frame): the sagitta of an arc of LATERAL_CURL_RADIUS_MM over
 * its length (0.5 mm on an 8-mm hair, 0.06 mm on a 2.8-mm one). Added to the hair's own bow, not
 * floored under it, so a clump's hairs still bow apart by their own amounts and meet at the tip.
 * At 16 mm the picture test's longest vertical run is 1.22 mm. Tried and left: a floor
 * √(floor² + own bow²) at 12 mm (1.35 mm) pressed a clump's hairs onto one bow, their defocused
 * rims stacked 2 px outside the mask (lower-lash-picture.test.ts); at 9 mm the hairs' bases slant so a
 * row crosses them as runs wider than lash-picture.test.ts allows (p90 6 px, not 5); one bow side
 * for every hair (as combed) merged neighbours into wedges (p90 7 px).
 */
export const LATERAL_CURL_RADIUS_MM = 16;
export function lateralBowMm(lengthMm: number): number {
  return (lengthMm * lengthMm) / (8 * LATERAL_CURL_RADIUS_MM);
}

/** How far a shut lid splays its outermost lashes sideways, rad, once they have rolled past SPLAY_FROM_RAD. */
const SHUT_SPLAY_RAD = 0.35;
const SPLAY_FROM_RAD = 0.5;
/**
 * As the lid shuts, the sideways curl grows: up to (1 + SHUT_BEND_GAIN) times lateralBowMm, the sagitta
 * of an arc of LATERAL_CURL_RADIUS_MM / 2 (8 mm), ramped in over the same roll as the splay. Rolled
 * that far, a long upper hair hangs over the globe with its own curl (up and toward the camera) turned
 * edge-on: from the front that curl only changes how fast the hair runs down, never which way, so
 * its sideways bow is all that bends it, and a clump's hairs hung as straight sticks with their
 * vertical tangent in the dark root half (1991-script frame 580, closing: 1.60 mm at x 836, over
 * §11's 1.5 mm; 1991's 2-px blocks hold a gentle curve in one column longest; lash-fringe-picture.test.ts
 * reads 1.67 mm at closure 0.86, now 0.73). The bow keeps the hair's own side (no hair flips, frame to
 * frame), and the open eye, rolled less than SPLAY_FROM_RAD, is drawn as before (its root rows are
 * what lash-picture.test.ts reads at its 5-px limit).
 */
const SHUT_BEND_GAIN = 1;
/**
 * The deeper bend starts before the splay (from a roll of 0.3 rad, in full at 0.9 as the splay): a
 * closing lid's clump already hangs down at a roll of ~0.5, and through 2003's 3-px blocks one read
 * 1.56 mm straight (2003-rest frame 451, x 818); from 0.3 it reads under 1.3 mm. The open eye at rest
 * (roll 0) is drawn as before.
 */
const SHUT_BEND_FROM_RAD = 0.3;

/**
 * Past the globe's middle the lid wraps under the cornea and its margin faces down, so its lashes turn
 * further than the margin's own roll: SHUT_ROLL_RAD more, eased in as the margin goes from
 * SHUT_ROLL_FROM_MM to SHUT_ROLL_TO_MM (mm over the eye's centre). A lash leaves the lid a little
 * upward (lash-set.ts: so rolled over the globe it does not loop); without this a shut lid's hairs
 * stood out level instead of hanging (lashes.test.ts: the shut row's tips 0.23 mm over their roots).
 * The films' down-gaze keeps the margin above SHUT_ROLL_FROM_MM over the iris (2013-script's lowest,
 * 0.56 mm); a deeper one (25°, −0.09 mm) gets some of it, as the lid then wraps under the cornea too.
 */
const SHUT_ROLL_RAD = 0.5;
const SHUT_ROLL_FROM_MM = 0.5;
const SHUT_ROLL_TO_MM = -2.5;
function shutRollRad(yMm: number): number {
  const u = Math.min(1, Math.max(0, (SHUT_ROLL_FROM_MM - yMm) / (SHUT_ROLL_FROM_MM - SHUT_ROLL_TO_MM)));
  return SHUT_ROLL_RAD * u * u * (3 - 2 * u);
}

function marginAngle(yMm: number): number {
  return Math.asin(Math.max(-1, Math.min(1, yMm / LID_SPHERE_RADIUS_MM)));
}

/**
 * Where a lash of length 1 is a third, half and two thirds of the way along and at its tip, curling
 * from rootRad to tipRad, rolled by rollRad: midpoint-rule integration of the unit direction along the
 * curl (12 steps), into `out` as x, y pairs in that order.
 */
const LASH_STEPS = 12;
const CURL = Array.from({ length: LASH_STEPS }, (_, i) => Math.pow((i + 0.5) / LASH_STEPS, 1.4));
/** After how many steps each of lashPoints's points is reached. */
const LASH_MARKS = [LASH_STEPS / 3, LASH_STEPS / 2, (2 * LASH_STEPS) / 3, LASH_STEPS];

function lashPoints(l: Lash, rollRad: number, out: number[]): void {
  const sinB = Math.sin(l.fanRad);
  const cosB = Math.cos(l.fanRad);
  const cosR = Math.cos(rollRad);
  const sinR = Math.sin(rollRad);
  let x = 0;
  let y = 0;
  let k = 0;
  for (let i = 0; i < LASH_STEPS; i++) {
    const a = l.rootRad + (l.tipRad - l.rootRad) * CURL[i];
    const ca = Math.cos(a);
    // Direction (sinβ·cosα, sinα, cosβ·cosα), rolled down about the horizontal by rollRad, seen from the front.
    x += sinB * ca + l.twist * Math.sin(a - l.rootRad);
    y += Math.sin(a) * cosR - cosB * ca * sinR;
    if (i + 1 === LASH_MARKS[k]) {
      out[2 * k] = x / LASH_STEPS;
      out[2 * k + 1] = y / LASH_STEPS;
      k++;
    }
  }
}

/**
 * An offset along a hair that is `midMm` half way and `tipMm` at the tip (0 at the root), at s: the
 * parabola through the three, as the hair's bends and its pull into the clump were drawn when a hair was
 * one quadratic (a cubic through its thirds reproduces them exactly).
 */
function bendAt(s: number, midMm: number, tipMm: number): number {
  return 2 * s * (1 - s) * (2 * midMm - tipMm / 2) + s * s * tipMm;
}

/** A hair's splay (Lash.splayMm) a third and two thirds of the way along: out near the root, mostly
 * gathered by two thirds (a clump is a spike, widest low down, not a lens widest at its middle). */
const SPLAY_AT_THIRDS = [1, 0.25] as const;

/**
 * @param lagRad how far the lashes trail the lid's roll (lash-lag.ts): less at the corners, where the
 *   lid barely moves
 */
export function lashCurvesPx(f: EyeFrame, m: LidMargins, lagRad = 0): LashCurvePx[] {
  const rest = restLidMargins();
  const out: LashCurvePx[] = [];
  const p: number[] = [0, 0, 0, 0, 0, 0, 0, 0];
  const add = (set: readonly Lash[], which: 'upper' | 'lower', short = false): void => {
    const now = which === 'upper' ? m.upperMm : m.lowerMm;
    const was = which === 'upper' ? rest.upperMm : rest.lowerMm;
    for (const l of set) {
      const x = m.xLateralMm + l.t * (m.xMedialMm - m.xLateralMm);
      const y = now(x);
      const roll =
        which === 'upper'
          ? UPPER_ROLL_GAIN * (marginAngle(was(x)) - marginAngle(y) - lagRad * Math.sin(Math.PI * l.t)) + shutRollRad(y)
          : LOWER_ROLL_GAIN * (marginAngle(was(x)) - marginAngle(y));
      lashPoints(l, roll, p);
      // Which way the hair's outline bows sideways, from its own curl, fan and twist (their sideways
      // part does not change with the roll, which turns about the horizontal).
      const bowSide = (p[2] - p[6] / 2) * l.lengthMm + l.bowMm - l.tipMissMm / 2 < 0 ? -1 : 1;
      // Shut, the lid's arc splays its lashes outward from the middle (a row of closed lashes fans;
      // hung straight down through a coarse era's blocks, a clump read as a ruler-straight bar).
      // How far the hair has rolled toward hanging shut, 0 … 1 (the splay's and the shut bend's ramp).
      const shut = Math.min(1, Math.max(0, (roll - SPLAY_FROM_RAD) / 0.4));
      const splay = which === 'upper' ? SHUT_SPLAY_RAD * shut * (2 * l.t - 1) : 0;
      const lift = which === 'upper' ? UPPER_ROOT_MM + l.rowDepthMm : LOWER_ROOT_MM;
      const rx = x;
      const ry = y + lift;
      // The tip grows from the clump's root (the middle of its roots): a clump's tips meet in every
      // pose, its roots stay apart, and each hair bends into the clump mostly near its end.
      const xc = m.xLateralMm + l.clumpT * (m.xMedialMm - m.xLateralMm);
      const yc = now(xc) + lift;
      const len = l.lengthMm;
      const tx = xc + (p[6] + Math.sin(splay)) * len + l.tipMissMm;
      const ty = yc + p[7] * len;
      // The hair's own shape is its curl (lashPoints); on it go its bends, as offsets half way along
      // and at the tip (bendAt): toward the clump, its bow and its curl across the root-to-tip chord,
      // and its sideways curl (upper only; LATERAL_CURL_RADIUS_MM), x only, the bow a sideways curl
      // keeps in every pose (a hair hanging shut still bends to the same side), deeper as it hangs
      // (SHUT_BEND_GAIN).
      const chord = Math.hypot(tx - rx, ty - ry) || 1;
      const lateral = which === 'upper' ? bowSide * lateralBowMm(len) * (1 + SHUT_BEND_GAIN * Math.min(1, Math.max(0, (roll - SHUT_BEND_FROM_RAD) / 0.6))) : 0;
      const midX = l.pull * (xc - rx) + l.bowMm - (l.curlMm * (ty - ry)) / chord + lateral + 0.5 * Math.sin(splay) * len;
      const midY = l.pull * (yc - ry) + (l.curlMm * (tx - rx)) / chord;
      const tipX = tx - rx - p[6] * len;
      const tipY = ty - ry - p[7] * len;
      // The cubic through the hair's thirds (one quadratic through its middle turned a curl that comes
      // mostly in the hair's outer part into a parabola, straightest at the tip: a long hair ended
      // running straight up for 2 mm). B(⅓) = A and B(⅔) = B give, with U = 27A − 8P0 − P3 and
      // V = 27B − P0 − 8P3, the controls (2U − V)/18 and (2V − U)/18.
      const ax = rx + p[0] * len + bendAt(1 / 3, midX, tipX) + SPLAY_AT_THIRDS[0] * l.splayMm;
      const ay = ry + p[1] * len + bendAt(1 / 3, midY, tipY);
      const bx = rx + p[4] * len + bendAt(2 / 3, midX, tipX) + SPLAY_AT_THIRDS[1] * l.splayMm;
      const by = ry + p[5] * len + bendAt(2 / 3, midY, tipY);
      const ux = 27 * ax - 8 * rx - tx;
      const uy = 27 * ay - 8 * ry - ty;
      const vx = 27 * bx - rx - 8 * tx;
      const vy = 27 * by - ry - 8 * ty;
      out.push({
        x0: xPx(f, rx),
        y0: yPx(f, ry),
        c1x: xPx(f, (2 * ux - vx) / 18),
        c1y: yPx(f, (2 * uy - vy) / 18),
        c2x: xPx(f, (2 * vx - ux) / 18),
        c2y: yPx(f, (2 * vy - uy) / 18),
        x1: xPx(f, tx),
        y1: yPx(f, ty),
        widthPx: l.widthMm * f.pxPerMm,
        shade: l.shade,
        highlight: l.highlight,
        row: which,
        clump: l.clump,
        short,
      });
    }
  };
  add(UPPER_LASHES, 'upper');
  add(LOWER_LASHES, 'lower');
  add(UPPER_ROOT_LASHES, 'upper', true);
  return out;
}

/** Draw the lashes; `flat` fills every hair with one colour (the mask pass). Returns the px bounds drawn. */
export function drawLashes(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins, lagRad: number, flat?: string): ExtentPx {
  return drawLashCurves(ctx, lashCurvesPx(f, m, lagRad), flat);
}

/** drawLashes for curves already computed (the face layer also throws their shadows). */
export function drawLashCurves(ctx: CanvasRenderingContext2D, curves: readonly LashCurvePx[], flat?: string): ExtentPx {
  const e: ExtentPx = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const c of curves) {
    const pad = c.widthPx + 1;
    e.x0 = Math.min(e.x0, c.x0 - pad, c.c1x - pad, c.c2x - pad, c.x1 - pad);
    e.x1 = Math.max(e.x1, c.x0 + pad, c.c1x + pad, c.c2x + pad, c.x1 + pad);
    e.y0 = Math.min(e.y0, c.y0 - pad, c.c1y - pad, c.c2y - pad, c.y1 - pad);
    e.y1 = Math.max(e.y1, c.y0 + pad, c.c1y + pad, c.c2y + pad, c.y1 + pad);
  }
  if (flat) {
    // The mask's hair reaches as far as the colour pass paints it: the same pieces (one quadratic for
    // the whole hair bowed its sides in: up to 5 px short of the colour's in a thick upper lash's
    // middle), never thinner than MASK_HAIR_MIN_PX (a 1-px lower lash traced at its geometric width is
    // sub-pixel over its outer half, so the flat mask rounded it to skin while the colour still drew
    // its defocused tip 1.5 mm below the margin, and a blink moved it there). The defocus's widening
    // stays out: it is under a pixel each side, the darkness a blur spreads beside the hair. Each
    // piece starts PIECE_OVERLAP under the one before (no gap between them), and a piece that
    // turns by over MASK_SPLIT_TURN_RAD is traced in two halves: one quadratic a side pinches an 8-mm
    // hair where it hooks (a down-gaze's forward-rolled lash read as skin 2 px from the colour's edge);
    // halves follow the true sides closer than the colour's piece, so the mask covers it. One path per
    // piece, not one for all: the mask is drawn every frame, uncached, and one path of ~900 overlapping
    // contours cost ~25 ms at 1280×720 against ~8–11 ms for five.
    ctx.fillStyle = flat;
    for (const { path } of shortHairPaths(curves, null, MASK_HAIR_MIN_PX, MASK_STUB_PAD_PX)) ctx.fill(path);
    for (let k = 0; k < LASH_SEGMENTS.length; k++) {
      const path = new Path2D();
      const s0 = Math.max(0, LASH_SEGMENTS[k] - PIECE_OVERLAP);
      const s1 = segmentEnd(k);
      for (const c of curves) {
        if (c.short) continue;
        for (const p of pieceSpans(c, s0, s1)) traceSides(path, pieceSides(c, p, 1, 0, null, MASK_HAIR_MIN_PX));
        if (k === 0 && c.row === 'upper') traceRootStub(path, c, MASK_STUB_PAD_PX);
      }
      ctx.fill(path);
    }
    return e;
  }
  // Each hair one fill, its pieces one path (their overlaps merge, never painted twice), its tone a
  // gradient from root to tip: a hair darkens smoothly to its root. (Drawn a tone per piece, every
  // hair's piece in one path, the tone fell in five steps of up to half the root's darkness and each
  // joint's overlap crossed the hair as a dark band: a segmented, drawn strand; lash-fringe-picture.)
  // The short hairs at the roots first (the long ones rise out of them), in bulk: a flat tone per hair
  // colour, each hair one piece. Under 1.3 mm long, a hair's fall in tone along it is a level or two,
  // and a fill and a gradient for each of 220 hairs cost more than all the long hairs' drawing.
  for (const { tone, path } of shortHairPaths(curves, DEFOCUS.upper, 0, 0)) {
    ctx.fillStyle = SHORT_STYLES[tone];
    ctx.fill(path);
  }
  for (const c of curves) {
    if (c.short) continue;
    const path = new Path2D();
    traceHairOutline(path, c, DEFOCUS[c.row]);
    if (c.row === 'upper') traceRootStub(path, c);
    ctx.fillStyle = hairGradient(ctx, c);
    ctx.fill(path);
  }
  // The light caught along some hairs, in one fill: a strongly lit hair carries a wider line.
  const lit = new Path2D();
  let count = 0;
  for (const c of curves) {
    if (c.highlight <= 0) continue;
    traceSides(lit, pieceSides(c, pieceSpan(c, HIGHLIGHT_FROM, HIGHLIGHT_TO), 0.16 * (0.5 + 0.5 * c.highlight), -0.2, null, 0));
    count++;
  }
  if (count > 0) {
    ctx.fillStyle = `rgba(${HIGHLIGHT_RGB}, ${HIGHLIGHT_ALPHA})`;
    ctx.fill(lit);
  }
  return e;
}

/** The short hairs' CSS colours, one per hair colour: the tone a third of the way along. */
const SHORT_STYLES: readonly string[] = ROOT_TIP.map((_, k) => hairTone(k / ROOT_TIP.length, 1 / 3)).map((t) => `rgba(${t.rgb.join(', ')}, ${t.alpha.toFixed(3)})`);
/** How many short hairs share one path (a path of hundreds of overlapping contours fills slower than a few of tens). */
const SHORT_PER_PATH = 40;

/**
 * The short hairs (LashCurvePx.short) as paths of up to SHORT_PER_PATH hairs of one hair colour (`tone`:
 * its SHORT_STYLES index), each hair one piece, at least `minPx` wide, its root stub padded by `stubPadPx`
 * (the mask's, as the long hairs' are).
 */
function shortHairPaths(curves: readonly LashCurvePx[], defocus: Defocus | null, minPx: number, stubPadPx: number): { tone: number; path: Path2D }[] {
  const out: { tone: number; path: Path2D; count: number }[] = [];
  const open = new Map<number, (typeof out)[number]>();
  for (const c of curves) {
    if (!c.short) continue;
    const tone = shadeIndex(c.shade);
    let p = open.get(tone);
    if (!p || p.count >= SHORT_PER_PATH) {
      p = { tone, path: new Path2D(), count: 0 };
      out.push(p);
      open.set(tone, p);
    }
    traceSides(p.path, pieceSides(c, pieceSpan(c, 0, 1), 1, 0, defocus, minPx));
    traceRootStub(p.path, c, stubPadPx);
    p.count++;
  }
  return out;
}

/** A rectangle by its corners, px. */
export interface ExtentPx {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A hair's width at s along it (0 root … 1 tip), as a share of its root width: a hair keeps its
 * thickness most of its way and thins to a fine point over its outer third. */
export function lashTaper(s: number): number {
  return Math.max(0, 1 - Math.pow(s, 2.4));
}

/** A tapered piece of a hair (pieceSides) as its own closed contour, meeting at the tip when it ends there. */
function traceSides(path: Path2D, p: number[]): void {
  path.moveTo(p[0], p[1]);
  path.quadraticCurveTo(p[2], p[3], p[4], p[5]);
  path.lineTo(p[10], p[11]);
  path.quadraticCurveTo(p[8], p[9], p[6], p[7]);
  path.closePath();
}

/**
 * A whole hair (its colour pass) as one outline: up one side piece by piece (LASH_SEGMENTS), across
 * the tip, down the other. One contour, no piece's end inside another's: overlapping pieces in one
 * path left a notch where they met (the rasteriser's coverage at an inner edge). A piece that turns by
 * over MASK_SPLIT_TURN_RAD is traced in two halves, as the mask traces it (pieceSpans): one quadratic a
 * side bulges off a hair's hook, where the mask's halves follow it.
 */
function traceHairOutline(path: Path2D, c: LashCurvePx, defocus: Defocus): void {
  const pieces: number[][] = [];
  for (let k = 0; k < LASH_SEGMENTS.length; k++) {
    const s0 = LASH_SEGMENTS[k];
    const s1 = segmentEnd(k);
    for (const p of pieceSpans(c, s0, s1)) pieces.push(pieceSides(c, p, 1, 0, defocus, 0));
  }
  path.moveTo(pieces[0][0], pieces[0][1]);
  for (const p of pieces) path.quadraticCurveTo(p[2], p[3], p[4], p[5]);
  const last = pieces[pieces.length - 1];
  path.lineTo(last[10], last[11]);
  for (let k = pieces.length - 1; k >= 0; k--) path.quadraticCurveTo(pieces[k][8], pieces[k][9], pieces[k][6], pieces[k][7]);
  path.closePath();
}

/** A span of a hair, s0 to s1 along it, with the hair's direction at its ends and middle (each
 * computed once: the turn test and the sides both use them). */
interface PieceSpan {
  s0: number;
  s1: number;
  t0: [number, number];
  tm: [number, number];
  t1: [number, number];
}

function pieceSpan(c: LashCurvePx, s0: number, s1: number): PieceSpan {
  return { s0, s1, t0: lashTangentPx(c, s0), tm: lashTangentPx(c, (s0 + s1) / 2), t1: lashTangentPx(c, s1) };
}

/** The span s0–s1, or its two halves where the hair turns by over MASK_SPLIT_TURN_RAD along it. */
function pieceSpans(c: LashCurvePx, s0: number, s1: number): PieceSpan[] {
  const p = pieceSpan(c, s0, s1);
  if (pieceTurnRad(p) <= MASK_SPLIT_TURN_RAD) return [p];
  const sm = (s0 + s1) / 2;
  return [
    { s0, s1: sm, t0: p.t0, tm: lashTangentPx(c, (s0 + sm) / 2), t1: p.tm },
    { s0: sm, s1, t0: p.tm, tm: lashTangentPx(c, (sm + s1) / 2), t1: p.t1 },
  ];
}

/**
 * A tapered piece of a hair along its span of the cubic: its two sides, `scale` of the hair's width
 * apart, each a quadratic (start, control, end: + side at 0–5, − side at 6–11). `sideShift` moves the
 * piece across the hair (in hair widths, + along the normal): a highlight rides the lit side.
 * `defocus` widens it toward the tip (DEFOCUS; null: not at all), easing off at the very end so the
 * tip still closes to a fine point; `minPx`: it is at least that wide everywhere (the mask's hair,
 * MASK_HAIR_MIN_PX). Filling is cheaper than stroking in a software canvas, and the taper comes for free.
 */
function pieceSides(c: LashCurvePx, p: PieceSpan, scale: number, sideShift: number, defocus: Defocus | null, minPx: number): number[] {
  // The piece as a quadratic of its own through its ends and middle, its sides along the hair's normals.
  const { s0, s1 } = p;
  const sm = (s0 + s1) / 2;
  const [ax, ay] = lashPointPx(c, s0);
  const [bx, by] = lashPointPx(c, s1);
  const [mx, my] = lashPointPx(c, sm);
  // The sub-curve's control: where the tangents at its ends meet = mid point pulled out.
  const qx = 2 * mx - (ax + bx) / 2;
  const qy = 2 * my - (ay + by) / 2;
  const n0 = unitNormal(...p.t0);
  const nm = unitNormal(...p.tm);
  const n1 = unitNormal(...p.t1);
  const w = c.widthPx * scale;
  const grow = (s: number): number => (defocus ? defocus.tipPx * defocus.grow(s) * (1 - 0.7 * s * s * s) : 0);
  const half = (s: number): number => Math.max(minPx, w * lashTaper(s) + grow(s)) / 2;
  const h0 = half(s0);
  const hm = half(sm);
  const h1 = half(s1);
  const sh = sideShift * c.widthPx;
  const o0 = sh * lashTaper(s0);
  const om = sh * lashTaper(sm);
  const o1 = sh * lashTaper(s1);
  return [
    ax + n0[0] * (o0 + h0), ay + n0[1] * (o0 + h0),
    qx + nm[0] * (om + hm), qy + nm[1] * (om + hm),
    bx + n1[0] * (o1 + h1), by + n1[1] * (o1 + h1),
    ax + n0[0] * (o0 - h0), ay + n0[1] * (o0 - h0),
    qx + nm[0] * (om - hm), qy + nm[1] * (om - hm),
    bx + n1[0] * (o1 - h1), by + n1[1] * (o1 - h1),
  ];
}

/**
 * A hair's root stub (ROOT_STUB_TO, ROOT_STUB_SCALE): a straight tapered quad from the root to the point
 * ROOT_STUB_TO along the hair, turning the same way as a piece's sides (pieceSides). (Traced as a piece of the
 * curve, a stub wider than it is long, where the hair hooks at its root, folded its sides across each
 * other: a loop of opposite winding that cut a hole in a neighbour's hair in the one-path mask.)
 */
function traceRootStub(path: Path2D, c: LashCurvePx, padPx = 0): void {
  const s = ROOT_STUB_TO;
  let [ex, ey] = lashPointPx(c, s);
  const far = Math.hypot(ex - c.x0, ey - c.y0) > 0.5;
  const n = far ? unitNormal(ex - c.x0, ey - c.y0) : unitNormal(c.c1x - c.x0, c.c1y - c.y0);
  const h0 = (c.widthPx * ROOT_STUB_SCALE) / 2 + padPx;
  // At least ROOT_STUB_MIN_PX long: a hair pointing at the camera foreshortens its base to a sliver
  // under a pixel thick, which the mask rounds to skin while the colour darkens it ~50 levels.
  const len = Math.hypot(ex - c.x0, ey - c.y0);
  if (len < ROOT_STUB_MIN_PX) {
    ex = c.x0 + n[1] * ROOT_STUB_MIN_PX;
    ey = c.y0 - n[0] * ROOT_STUB_MIN_PX;
  }
  const h1 = 0.6 * (h0 - padPx) + padPx;
  path.moveTo(c.x0 + n[0] * h0, c.y0 + n[1] * h0);
  path.lineTo(ex + n[0] * h1, ey + n[1] * h1);
  path.lineTo(ex - n[0] * h1, ey - n[1] * h1);
  path.lineTo(c.x0 - n[0] * h0, c.y0 - n[1] * h0);
  path.closePath();
}

/** How far a hair's tangent turns along a span, rad (either way, in two halves: a cubic may bend back). */
function pieceTurnRad(p: PieceSpan): number {
  const turn = ([ax, ay]: [number, number], [bx, by]: [number, number]): number => Math.abs(Math.atan2(ax * by - ay * bx, ax * bx + ay * by));
  return turn(p.t0, p.tm) + turn(p.tm, p.t1);
}

function unitNormal(dx: number, dy: number): [number, number] {
  const l = Math.hypot(dx, dy);
  return l < 1e-9 ? [1, 0] : [-dy / l, dx / l];
}
