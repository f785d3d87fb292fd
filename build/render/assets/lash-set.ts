import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM } from '../geometry/lid-shape.ts';
import { smoothstep, textureRandom } from './noise.ts';

/**
 * The lashes, drawn once from the fixed seed: where each grows along its margin (a fraction of the
 * fissure, so lashes stretch with the lid and never slide along it), how long, which way it fans, how
 * it curls, which clump and which row it belongs to. Real lashes grow in irregular clumps of 2–5 hairs whose
 * roots sit a few tenths of a millimetre apart and whose tips meet (the hairs leave the lid apart,
 * bend together and gather into a spike toward the end); between clumps there are gaps, and a few stray hairs cross their
 * neighbours at their own angle. Upper lashes are long and dense in the middle and the outer third,
 * sparse by the nose, fanning toward the temple laterally and a little toward the nose medially; lower
 * ones are fewer, shorter and finer, and clump too.
 */
export interface Lash {
  /** 0 lateral canthus … 1 medial canthus. */
  t: number;
  lengthMm: number;
  /** Angle of the lash's plane from straight out of the face (radians, + toward the nose). */
  fanRad: number;
  /** Elevation where the lash leaves the lid and at its tip (radians from straight out, + up). */
  rootRad: number;
  tipRad: number;
  widthMm: number;
  /** Where along the fissure the clump's shared tip grows from (its roots' middle): the hair's tip
   * is drawn from there, so a clump's tips meet in every pose while the roots stay apart. */
  clumpT: number;
  /** How far the tip misses the shared tip sideways, mm (a hair's breadth: some cross there). */
  tipMissMm: number;
  /** How far the hair's middle bows sideways, mm: its clump's bend (all its hairs bend together) and a
   * little of its own, so they cross on the way and still meet at the tip. */
  bowMm: number;
  /** How far the hair stands out from its clump's middle a third of the way along, mm (a quarter of
   * that at two thirds): away from it, so a clump's hairs leave the lid apart and gather into a spike. */
  splayMm: number;
  /** How soon the hair joins its clump: the share of the way to the clump's line at its middle. */
  pull: number;
  /** How much more or less this hair curls than its clump, mm: its middle sits that far off the
   * root-to-tip chord's usual curve, across it (root and tip stay, so the hairs cross and still meet). */
  curlMm: number;
  /** Sideways curl as the lash bends (no hair is straight: seen end-on it still curves), −…+ toward the nose. */
  twist: number;
  /** 0 darkest … 1 lightest. */
  shade: number;
  /** Which clump (index along the margin; a stray hair is a clump of its own). */
  clump: number;
  /** How strongly the hair catches the light along its length: 0 not at all … 1. */
  highlight: number;
  /** How far behind the margin's front edge the hair's row grows, mm: the upper lashes stand in 2–3
   * irregular rows, and from the front a back row's roots show a hair's breadth higher on the lid. */
  rowDepthMm: number;
}

interface LashSpec {
  /** How many hairs (the last clump may be cut short). */
  count: number;
  /** Clump sizes 1 (a stray hair) … 5, by weight. */
  sizeWeights: [number, number, number, number, number];
  /** How far apart a clump's roots spread along the margin, mm, per extra hair. */
  rootStepMm: [number, number];
  lengthMm: [number, number];
  /** Each clump's length as a share of the row's at its place (drawn per clump), and how much a hair's
   * own length differs from its clump's (±, a share). */
  lengthSpread: [number, number];
  hairLengthJitter: number;
  fan: [number, number];
  /** How far a clump's fan strays from the row's (±, rad): lower lashes go every which way. */
  fanJitter: number;
  root: [number, number];
  tip: [number, number];
  width: [number, number];
  /** Sideways curl range (Lash.twist). */
  twist: [number, number];
  density: (t: number) => number;
  /** Where along the fissure the lashes are longest. */
  longestAt: number;
  /** The share of hairs with a highlight. */
  litShare: number;
  /** The most a clump bends sideways as one, mm, and the most each hair bends its own way about that
   * (Lash.bowMm). */
  clumpBowMm: [number, number];
  bowMm: number;
  /** A hair's splay (Lash.splayMm) as a multiple of its root's distance from its clump's middle. */
  splay: number;
  /** How far one hair's middle may sit off its clump's curve across it, mm (Lash.curlMm). */
  curlMm: number;
  /** How soon a hair joins its clump (Lash.pull) and how far its tip misses the shared one, mm. */
  pull: [number, number];
  tipMissMm: number;
  /** The rows a clump may grow in, by weight (front first), and how far behind the one before each
   * row's roots sit, mm. Clumps of different rows may overlap along the margin. */
  rowWeights: number[];
  rowStepMm: number;
  /**
   * By the nose the margin slopes down into the medial canthus, so a hair leaving it sideways and down
   * before its curl turns it up reads from the front as a hook (a J). Over this ramp of the fissure (t
   * from…to, 0 at its start, 1 past it) the clump's angles shift by up to these amounts, radians: its
   * root rises, its curl eases and it fans less toward the nose, so the short hairs there rise from the
   * margin leaning a little. Added after the clump's random draws, so no other hair changes.
   */
  medialRamp?: { t: [number, number]; rootRad: number; tipRad: number; fanRad: number };
}

const FISSURE_MM = CANTHUS_MEDIAL_MM.x - CANTHUS_LATERAL_MM.x;
/** The least room between two clumps' outer roots, mm (each side keeps half). */
const CLUMP_GAP_MM = 0.13;

function makeLashes(name: string, spec: LashSpec): Lash[] {
  const rng = textureRandom(name);
  const out: Lash[] = [];
  const totalWeight = spec.sizeWeights.reduce((s, w) => s + w, 0);
  let clump = 0;
  /** Each row's clumps' root spans along the fissure (t), so clumps of one row sit side by side and
   * never merge (a clump of another row may stand behind them). */
  const spans: [number, number][][] = spec.rowWeights.map(() => []);
  const rowTotal = spec.rowWeights.reduce((s, w) => s + w, 0);
  const gapT = CLUMP_GAP_MM / FISSURE_MM;
  for (let tries = 0; out.length < spec.count; tries++) {
    if (tries > 100_000) throw new Error(`lash set ${name}: no room for ${spec.count} hairs`);
    const tc = rng.uniform(0.02, 0.98);
    if (!rng.chance(spec.density(tc))) continue;
    let pick = rng.uniform(0, totalWeight);
    let size = 1;
    while (size < 5 && pick > spec.sizeWeights[size - 1]) pick -= spec.sizeWeights[size++ - 1];
    size = Math.min(size, spec.count - out.length);
    // The clump's shared form: longest at `longestAt`, shortest toward both canthi, and varied.
    const u = tc < spec.longestAt ? tc / spec.longestAt : (1 - tc) / (1 - spec.longestAt);
    const bulk = Math.sin((Math.PI / 2) * Math.min(1, u * 1.15));
    const lengthMm = (spec.lengthMm[0] + (spec.lengthMm[1] - spec.lengthMm[0]) * bulk) * rng.uniform(spec.lengthSpread[0], spec.lengthSpread[1]);
    // A stray hair leaves at its own angle, so it crosses its neighbours.
    const stray = size === 1 ? rng.uniform(-0.3, 0.3) : 0;
    const ramp = spec.medialRamp;
    const nose = ramp ? smoothstep(ramp.t[0], ramp.t[1], tc) : 0;
    const fanRad = spec.fan[0] + (spec.fan[1] - spec.fan[0]) * tc + rng.uniform(-spec.fanJitter, spec.fanJitter) + stray + nose * (ramp?.fanRad ?? 0);
    const rootRad = rng.uniform(spec.root[0], spec.root[1]) + nose * (ramp?.rootRad ?? 0);
    const tipRad = rng.uniform(spec.tip[0], spec.tip[1]) + nose * (ramp?.tipRad ?? 0);
    const twist = rng.uniform(spec.twist[0], spec.twist[1]);
    // Roots a few tenths of a mm apart, unevenly; the tips lean together onto the clump's tip.
    const offsetsMm: number[] = [0];
    for (let k = 1; k < size; k++) offsetsMm.push(offsetsMm[k - 1] + rng.uniform(spec.rootStepMm[0], spec.rootStepMm[1]));
    const centreMm = offsetsMm[size - 1] / 2;
    // (A one-row set draws nothing here, so its hairs stay as they were.)
    let rowPick = spec.rowWeights.length > 1 ? rng.uniform(0, rowTotal) : 0;
    let row = 0;
    while (row < spec.rowWeights.length - 1 && rowPick > spec.rowWeights[row]) rowPick -= spec.rowWeights[row++];
    const span: [number, number] = [tc - centreMm / FISSURE_MM - gapT, tc + centreMm / FISSURE_MM + gapT];
    if (spans[row].some(([a, b]) => span[0] < b && a < span[1])) continue;
    spans[row].push(span);
    // The clump's bend, from the first hair's own draw (no extra draw: the rest of the set stays).
    let clumpBow: number | null = null;
    const bowOf = (u: number): number => {
      clumpBow ??= u;
      const [least, most] = spec.clumpBowMm;
      return Math.sign(clumpBow) * (least + Math.abs(clumpBow) * (most - least)) + u * spec.bowMm;
    };
    for (let k = 0; k < size; k++) {
      const dMm = offsetsMm[k] - centreMm;
      const t = tc + dMm / FISSURE_MM;
      if (t <= 0.01 || t >= 0.99) continue;
      // Hairs of one bunch differ: each its own thickness (thick ones are rare), its own curl (so
      // they cross on the way, and still meet at the tip).
      const w = spec.width[0] + (spec.width[1] - spec.width[0]) * Math.pow(rng.next(), 1.6);
      // A hair's own angles differ from its clump's by at most ±0.01 rad, less on a hair over 4 mm, so
      // its tip strays no more than ±0.04 mm (at ±0.01 rad an 8-mm hair's tip strayed 0.08 mm: a
      // clump's tips no longer met).
      const near = Math.min(1, 4 / lengthMm);
      out.push({
        t,
        lengthMm: lengthMm * rng.uniform(1 - spec.hairLengthJitter, 1 + spec.hairLengthJitter),
        fanRad: fanRad + rng.uniform(-0.01, 0.01) * near,
        rootRad: rootRad + rng.uniform(-0.01, 0.01) * near,
        tipRad: tipRad + rng.uniform(-0.01, 0.01) * near,
        curlMm: rng.uniform(-spec.curlMm, spec.curlMm),
        widthMm: w,
        clumpT: tc,
        tipMissMm: rng.uniform(-spec.tipMissMm, spec.tipMissMm),
        splayMm: spec.splay * dMm,
        bowMm: bowOf(rng.uniform(-1, 1)),
        pull: rng.uniform(spec.pull[0], spec.pull[1]),
        twist: twist + rng.uniform(-0.01, 0.01) * near,
        shade: rng.next(),
        clump,
        highlight: rng.chance(spec.litShare) ? rng.uniform(0.45, 1) : 0,
        rowDepthMm: row * spec.rowStepMm,
      });
    }
    clump++;
  }
  out.sort((a, b) => a.t - b.t);
  return out;
}

export const UPPER_LASHES: readonly Lash[] = makeLashes('lashes/upper/v8', {
  // A photograph's upper row is 90–160 hairs in 2–3 irregular rows (rowWeights); at 115 in one row
  // the fringe read as a sparse row of countable hairs (issue 18). Tried and left: 190 (a denser fringe,
  // 2.9 hairs a mm across a row, not 2.4) drew a new set in which one hair stood straight up at mid-lid
  // (eye picture, 1995-visitor frame 350: 1.53 mm, cap 1.5), and a wider sideways curl to bend it
  // (LATERAL_CURL_RADIUS_MM 14) left a shut hair's tip 2 px outside the mask (lower-lash-picture).
  count: 150,
  sizeWeights: [0.08, 0.3, 0.32, 0.2, 0.1],
  // Roots far enough apart that each hair shows as itself until the clump gathers it (at 0.03 mm a
  // bunch of 0.1-mm hairs overlapped into one dark wedge).
  // A little wider than that (0.05–0.14 mm) since the hairs grew to 8 mm: their crowded roots make
  // the margin's dark band, and the clump's tips, which stray ±0.04 mm on any hair, still meet.
  rootStepMm: [0.05, 0.14],
  // Real upper lashes are 8–12 mm, curling up and toward the camera: from the front they stand 3–5 mm
  // over the margin at mid-lid (a lash's rise is ~0.47 of its length here). At 1.4–4.2 mm they stood
  // ~2 mm (lash-fringe-picture.test.ts). Since they leave the lid upward (root, below) they rise
  // further for their length: 0.85 of 2.8–7.8 mm keeps the fringe as high (hair tops p50 2.9 mm).
  lengthMm: [2.4, 6.6],
  lengthSpread: [0.4, 1.2],
  // ±0.3 %: a clump's tips stay within a hair's breadth (±0.025 mm) on the longest hairs.
  hairLengthJitter: 0.003,
  fan: [-1.05, 0.45],
  fanJitter: 0.12,
  // A hair leaves the lid a little upward (0.1–0.4 rad over straight out) and curls on up. Leaving it
  // a little down (−0.4–0) and curling 1.5–2.0 rad, a hair rolled over the globe by the lid (down-gaze,
  // a blink's in-between frames) ran down from its root and back up past it to its tip: a U, read as
  // a loop of thread. Per hair, min(its dip under the root, its tip's rise back), 2013-script frame 90
  // (down-gaze): median 0.67 mm, most 1.92; now 0.09 and 0.58 (lashes.test.ts, docs/rendering.md).
  root: [0.1, 0.4],
  tip: [1.4, 1.9],
  // A lash is ~0.05–0.1 mm thick at its root (thick ones are rare, Lash.widthMm's spread). At 0.05–0.1
  // the hairs, leaving the lid upward (root, below), crossed lash-picture.test.ts's rows with a median
  // run of 3 px, on the edge of its 0.1 mm; 0.045–0.095 reads 2 px with room.
  width: [0.045, 0.095],
  // Mostly toward the temple: upper lashes curve up and out (eye.md §11), so no central lash reads as
  // a straight vertical needle (one at ±0.35 made a 1.56 mm straight edge in 2026-script's open eye).
  twist: [-0.6, 0.1],
  // Densest over the outer third and the middle, thinning by the nose.
  density: (t) => (t < 0.05 ? 0.45 : t < 0.62 ? 1 : t < 0.82 ? 0.6 : 0.25),
  longestAt: 0.42,
  litShare: 0.35,
  // A clump bends as one (0.1–0.3 mm at its middle) and each hair ±0.12 mm its own way about it, and
  // its hairs leave the lid apart (splay: a third of the way along, each stands a further 1.3 times
  // its root's distance out from the clump's middle) and gather into a spike toward the shared tip.
  // Each bowing its own way by up to 0.3 mm, a clump's hairs stood apart as a hollow lens closed at the
  // tip: a candle flame, not a lash (issue 18, point 4). The numbers are where each check holds:
  // bending together with no splay, the hairs ran side by side off the lid and crossed
  // lash-picture.test.ts's rows as wedges (11 % of its runs over 5 px, against its 10 %); a clump bent
  // under 0.1 mm stood straight up at mid-lid (eye picture, 1995-visitor frame 349: 1.60 mm, cap 1.5);
  // a splay of 1.6 greyed the white by the lateral angle at 20° down (lid-outline-picture.test.ts);
  // each hair only ±0.06 mm its own way, a closing lid's hair hung straight (lash-fringe-picture.test.ts).
  clumpBowMm: [0.1, 0.3],
  bowMm: 0.12,
  splay: 1.3,
  curlMm: 0.12,
  pull: [0, 0.25],
  tipMissMm: 0.02,
  // Three rows, the front one fullest; a back row's clumps stand behind the front's, their roots
  // 0.08 mm deeper (from the front, a hair's breadth higher on the lid).
  rowWeights: [0.45, 0.35, 0.2],
  rowStepMm: 0.08,
  // By the nose (the last fifth of the fissure): root up 0.4, curl down 0.5 (to 1.0–1.5 rad), fan
  // 0.45 less toward the nose. Without it the short clumps there hung as fish hooks (issue 18, point 4).
  medialRamp: { t: [0.78, 0.92], rootRad: 0.4, tipRad: -0.5, fanRad: -0.45 },
});

export const LOWER_LASHES: readonly Lash[] = makeLashes('lashes/lower/v6', {
  // A lower lid carries 75–80 lashes, 6–8 mm long (anatomy texts; the upper 90–160, 8–12 mm). They
  // leave the lid toward the camera and down, so from the front a fringe of fine hairs hangs 1.5–3 mm
  // under the margin all along it, crossing, thinning only toward the canthi: what the periocular
  // photographs show. At 24 hairs of 0.7–1.8 mm (and 34 in an even row before that) the margin read as
  // bare skin with a few stamped hooks (issue 18, point 4).
  count: 66,
  sizeWeights: [0.3, 0.42, 0.22, 0.06, 0],
  rootStepMm: [0.06, 0.18],
  lengthMm: [1.6, 3.8],
  lengthSpread: [0.35, 1.15],
  // Hairs of one clump differ in length (their tips still gather, a hair's breadth apart).
  hairLengthJitter: 0.08,
  fan: [-0.95, 0.4],
  fanJitter: 0.42,
  // Lower lashes point down (negative elevation) and curl a little further down, some more than others.
  root: [-0.85, -0.3],
  tip: [-1.5, -0.8],
  width: [0.03, 0.06],
  twist: [-0.7, 0.7],
  density: (t) => (t < 0.06 ? 0.35 : t > 0.86 ? 0.15 : t > 0.75 ? 0.5 : 0.95),
  longestAt: 0.4,
  litShare: 0.2,
  clumpBowMm: [0, 0],
  bowMm: 0.07,
  splay: 0,
  curlMm: 0.1,
  pull: [0, 0.3],
  tipMissMm: 0.02,
  rowWeights: [1],
  rowStepMm: 0,
});

/**
 * The short hairs crowded at the upper row's roots: in a frontal photograph the upper lash line is a
 * dense dark mass a millimetre or so tall out of which the long hairs rise, because most of a row's
 * 90–160 hairs are young or short (a lash grows for ~1–2 months and rests for ~4: anatomy texts) and
 * all of them leave the lid toward the camera, foreshortened. With only the long hairs the roots were a
 * thin pencilled line with skin showing between the clumps (issue 18, point 4). Drawn after the lower
 * row (lashCurvesPx), so the long rows' indices stay.
 */
export const UPPER_ROOT_LASHES: readonly Lash[] = makeLashes('lashes/upper-roots/v1', {
  count: 220,
  sizeWeights: [0.25, 0.4, 0.25, 0.1, 0],
  rootStepMm: [0.05, 0.12],
  lengthMm: [0.45, 1.0],
  lengthSpread: [0.6, 1.1],
  hairLengthJitter: 0.1,
  fan: [-1.0, 0.4],
  fanJitter: 0.25,
  root: [0.15, 0.5],
  tip: [0.7, 1.2],
  width: [0.035, 0.07],
  twist: [-0.4, 0.2],
  density: (t) => (t < 0.05 ? 0.4 : t < 0.7 ? 1 : t < 0.8 ? 0.6 : 0),
  longestAt: 0.42,
  litShare: 0,
  clumpBowMm: [0, 0.05],
  bowMm: 0.05,
  splay: 0.6,
  curlMm: 0.05,
  pull: [0, 0.3],
  tipMissMm: 0.04,
  rowWeights: [0.4, 0.35, 0.25],
  rowStepMm: 0.06,
});
