import { CATCH_UP_TOLERANCE_DEG } from '../../../measure/catch-up-errors.ts';
import { lidMargins } from '../../../model/anatomy/lids.ts';
import { BROW_DRAWN_LIFT_KNEE_MM, BROW_DRAWN_LIFT_MAX_MM, LASH_LAG_HZ, LASH_LAG_QUANTUM_RAD, lashLagAtFrames, lidRollRad } from '../../../render/mask-contract.ts';
import { pitchDegFromRigY } from '../../../model/anatomy/gaze-pitch.ts';
import { LENS_RIG } from '../../../model/eras/era-brow.ts';
import { simulate } from '../../../model/player.ts';
import { stepsAtFrame } from '../../../model/time/clock.ts';
import type { Trace } from '../../../model/trace.ts';
import { AU_FIELDS, BROW_NODE_FIELDS } from '../../../model/types.ts';
import { parseScene } from '../../../scene/parse.ts';
import type { EraId, PointerKey, Scene } from '../../../scene/scene.ts';
import { FACE, PURSUIT_GAIN, type Cap } from '../../../spec/eye-spec.ts';
import type { Assertion } from '../../../measure/caps.ts';
import { detect } from '../../../measure/detect.ts';
import { MODEL_TRACE_METHOD } from '../../../measure/saccade-method.ts';
import { browAfterLanding } from '../../../measure/face/brow-after-landing.ts';
import { frameStability } from '../../../measure/face/frame-stability.ts';
import { pairedGapsMs } from '../../../measure/face/paired-gaps.ts';
import { risingOnsetsMs } from '../../../measure/face/rising-onsets.ts';
import type { DetectorParams } from '../../../measure/params.ts';
import { signalFromTrace } from '../../../measure/signal.ts';
import type { Physiology } from './check-physiology.ts';
import { MOTOR_PROGRAMS } from '../../../model/tuned/muscles/motor-programs.ts';

/**
 * The face's assertions (eye.md §7, issue 10), measured from traces of stimulus scenes: the muscles'
 * activation columns, the brow's node columns, the aperture and the detected saccades, never from the
 * generator's labels (which are reported beside, as ground truth). The stimuli are pointer tracks
 * played in two eras (1995 and 2026, eye contact at rest), and two era scripts for the brow's beat.
 */

const move = (tS: number, xR: number, yR: number): PointerKey => ({ tS, xR, yR, kind: 'move' });
const press = (tS: number, xR: number, yR: number): PointerKey => ({ tS, xR, yR, kind: 'press' });
const leave = (tS: number): PointerKey => ({ tS, xR: 0, yR: 0, kind: 'leave' });

/**
 * Darts at 4, 8 and 12 s (a chain inside 10 s: × 1, × 0.6, wary), a brisk glide passing 1 R off at
 * 26 s, a fresh dart at 40 s. Between them the pointer creeps (~0.05 R/s), so the visitor never goes
 * quiet and no arrival is greeted just before a dart.
 */
export const STARTLE_KEYS: PointerKey[] = [
  move(0, 4, 0.2),
  move(4, 4.2, 0.2),
  move(4.8, -4, 0.2),
  move(8, -4.2, 0.2),
  move(8.8, 4, 0.2),
  move(12, 4.2, 0.2),
  move(12.8, -4, 0.2),
  move(26, -4.2, 1),
  move(26.8, 4, 1),
  move(40, 4.2, 0.2),
  move(40.8, -4, 0.2),
];
const DARTS_S = [4, 8, 12, 40];
const BRISK_S = 26;

/** Pokes at 3, 5, 7 s; a press far off at 15 s; leave at 17, back at 20; a poke at 22, leave at 23, back at 26 (braced); then 45 s of nothing. */
export const VISIT_KEYS: PointerKey[] = [
  move(0, 0.5, 0.3),
  press(3, 0.5, 0.3),
  press(5, 0.5, 0.3),
  press(7, 0.5, 0.3),
  move(13, 4, 2),
  press(15, 4, 2),
  leave(17),
  move(20, 1, 1),
  move(21.5, 0.3, 0),
  press(22, 0.3, 0),
  leave(23),
  move(26, 1, 0.5),
];
const VISIT_END_S = 72;

/** Eye contact, then the pointer held far to the side, then contact again. */
export const CONTACT_KEYS: PointerKey[] = [
  move(0, 0, 0),
  move(5, 0, 0),
  move(5.3, 4, 0),
  // Kept moving, so the eye follows it (an idle pointer sends the eye back to the visitor's eyes).
  move(6.5, 4.5, 0.5),
  move(8, 4, 0),
  move(9.5, 4.5, 0.5),
  move(10, 4, 0),
  move(10.3, 0, 0),
];

function scene(name: string, fields: Record<string, unknown>): Scene {
  return parseScene({ mode: 'rest', ...fields }, `eye check stimulus ${name}`, name);
}

const col = (t: Trace, au: keyof typeof AU_FIELDS) => t.columns[AU_FIELDS[au]];

function peakIn(t: Trace, c: Float64Array, fromS: number, toS: number): number {
  let m = 0;
  const tMs = t.columns.tMs;
  for (let i = 0; i < tMs.length; i++) if (tMs[i] >= fromS * 1000 && tMs[i] < toS * 1000) m = Math.max(m, c[i]);
  return m;
}

function meanIn(t: Trace, c: Float64Array, fromS: number, toS: number): number {
  let s = 0;
  let n = 0;
  const tMs = t.columns.tMs;
  for (let i = 0; i < tMs.length; i++) if (tMs[i] >= fromS * 1000 && tMs[i] < toS * 1000) (s += c[i]), n++;
  return n ? s / n : NaN;
}

function medianIn(t: Trace, c: Float64Array, fromS: number, toS: number): number {
  const v: number[] = [];
  const tMs = t.columns.tMs;
  for (let i = 0; i < tMs.length; i++) if (tMs[i] >= fromS * 1000 && tMs[i] < toS * 1000) v.push(c[i]);
  v.sort((a, b) => a - b);
  return v.length ? v[v.length >> 1] : NaN;
}

const onsetsIn = (onsets: number[], fromS: number, toS: number) => onsets.filter((x) => x >= fromS * 1000 && x < toS * 1000);
const median = (v: number[]) => (v.length ? [...v].sort((a, b) => a - b)[v.length >> 1] : null);

function assertion(scene: string, name: string, metric: string, value: number | null, cap: Cap, capText: string, note?: string): Assertion {
  const pass = value !== null && !Number.isNaN(value) && (cap.min === undefined || value >= cap.min) && (cap.max === undefined || value <= cap.max);
  return { scene, name, metric, value, cap, capText, pass, ...(note ? { note } : {}) };
}

/** The muscles' orders and the startle, poke, visit and boredom stimuli in one era. */
function visitorAssertions(era: EraId): Assertion[] {
  const out: Assertion[] = [];
  const startle = simulate(scene(`face-startle-${era}`, { era, pointer: STARTLE_KEYS }), 44);
  const visit = simulate(scene(`face-visit-${era}`, { era, pointer: VISIT_KEYS }), VISIT_END_S);
  const s = `face-startle-${era}`;
  const v = `face-visit-${era}`;
  const tS = startle.columns.tMs;
  const au5 = risingOnsetsMs(tS, col(startle, 'AU5'));
  const au1 = risingOnsetsMs(tS, col(startle, 'AU1'));
  const dartHits = DARTS_S.filter((d, k) => k !== 2 && onsetsIn(au5, d, d + 0.8).length > 0).length;
  out.push(assertion(s, 'darts startle (AU5 rises during the dart)', 'dartsDetected', dartHits, { min: 3, max: 3 }, '3 of 3', 'darts at 4, 8 and 40 s; the third in a row (12 s) is wary'));
  out.push(
    assertion(s, 'a brisk glide 1 R off the middle does not startle', 'briskGlideAu5Peak', peakIn(startle, col(startle, 'AU5'), BRISK_S, BRISK_S + 2), { max: 0.02 }, '≤ 0.02', 'AU5 peak'),
  );
  const p1 = peakIn(startle, col(startle, 'AU5'), 4, 6);
  const p2 = peakIn(startle, col(startle, 'AU5'), 8, 10);
  const h = FACE.startleHabituation;
  out.push(assertion(s, 'second startle within 10 s vs the first', 'startleHabituation', p2 / p1, { min: h - 0.03, max: h + 0.03 }, `${h} ± 0.03`, `AU5 peaks ${p1.toFixed(3)}, ${p2.toFixed(3)}`));
  const third5 = peakIn(startle, col(startle, 'AU5'), 12, 14);
  const third7 = peakIn(startle, col(startle, 'AU7'), 12, 14);
  out.push(assertion(s, 'third startle is wary (lids tighten, no surprise)', 'thirdStartleAu7Peak', third5 < 0.02 ? third7 : 0, { min: 0.2 }, 'AU7 ≥ 0.2 with AU5 < 0.02', `AU5 ${third5.toFixed(3)}`));
  const surprise = pairedGapsMs(au5, au1, 120);
  out.push(assertion(s, 'surprise: lids lead the brows', 'surpriseLidLeadMs', median(surprise), FACE.surpriseLidLeadMs, `${FACE.surpriseLidLeadMs.min}–${FACE.surpriseLidLeadMs.max} ms`, `${surprise.length} startles`));

  const tV = visit.columns.tMs;
  const v7 = risingOnsetsMs(tV, col(visit, 'AU7'));
  const v4 = risingOnsetsMs(tV, col(visit, 'AU4'));
  const v1 = risingOnsetsMs(tV, col(visit, 'AU1'));
  const v6 = risingOnsetsMs(tV, col(visit, 'AU6'));
  const wince = pairedGapsMs(v7, v4, 150);
  const w = FACE.winceLidLeadMs;
  out.push(assertion(v, 'wince: lids lead the brow', 'winceLidLeadMs', median(wince), w, `${w.value} ± ${w.value - w.min} ms`, `${wince.length} winces`));
  const delight = pairedGapsMs(v1, v6, 400);
  const d = FACE.delightAu6TrailMs;
  out.push(assertion(v, "delight: AU6 trails the brow's flash", 'delightAu6TrailMs', median(delight), d, `${d.value} ± ${d.value - d.min} ms`, `${delight.length} greetings`));
  out.push(assertion(v, 'two pokes: no annoyance yet', 'twoPokesAu4At7s', meanIn(visit, col(visit, 'AU4'), 6.8, 7), { max: 0.05 }, '≤ 0.05', 'AU4 just before the third poke'));
  out.push(assertion(v, 'three pokes turn to annoyance', 'annoyanceAu4', meanIn(visit, col(visit, 'AU4'), 9, 12), { min: 0.3 }, 'AU4 ≥ 0.3', 'mean AU4 2–5 s after the third poke'));
  const farPress = onsetsIn(v1, 15, 16).length + onsetsIn(v7, 15, 16).length;
  out.push(assertion(v, 'a press away from the eye does not greet or wince', 'pressOnsets', farPress, { max: 0 }, '= 0', 'AU1 and AU7 onsets in the second after it'));
  out.push(assertion(v, 'a return is greeted (the brow flashes)', 'returnGreetings', onsetsIn(v1, 20, 20.3).length, { min: 1 }, '≥ 1', 'AU1 onsets in 0.3 s after the return'));
  const braced = onsetsIn(v1, 26, 26.5).length === 0 ? meanIn(visit, col(visit, 'AU4'), 27, 30) : 0;
  out.push(assertion(v, 'a return 4 s after a poke is braced for, not greeted', 'bracedAu4', braced, { min: 0.1 }, 'AU4 ≥ 0.1, no flash', 'mean AU4 1–4 s after the return'));
  const ap = visit.columns.apertureMm;
  const heavier = medianIn(visit, ap, 30, 50) - medianIn(visit, ap, VISIT_END_S - 3, VISIT_END_S);
  out.push(
    assertion(v, 'boredom: lids heavier after 30–40 s of nothing', 'boredomLidMm', heavier, { min: 0.2, max: FACE.boredomLidMaxMm }, `0.2–${FACE.boredomLidMaxMm} mm`, 'median aperture 4–24 s into the stillness minus the last 3 s'),
  );
  const frames = Array.from({ length: Math.floor(VISIT_END_S * 15) }, (_, f) => stepsAtFrame(f, 15));
  for (const [name, t] of [[s, startle], [v, visit]] as const) {
    out.push(...lashAssertions(name, t, frames.filter((x) => x < t.columns.tMs.length)));
    const st = BROW_NODE_FIELDS.map((f) => frameStability(t.columns[f], frames.filter((x) => x < t.columns.tMs.length)));
    const top = Math.max(...st.map((x) => x.maxAbs));
    out.push(
      assertion(
        name,
        'brow nodes at 15 fps: short of the drawn clamp',
        'browNodeMaxAbsMm',
        top,
        { max: BROW_DRAWN_LIFT_MAX_MM - 0.1 },
        `< ${BROW_DRAWN_LIFT_MAX_MM} mm`,
        top > BROW_DRAWN_LIFT_KNEE_MM ? `over the drawn knee (${BROW_DRAWN_LIFT_KNEE_MM} mm): drawn softly compressed there` : `under the drawn knee (${BROW_DRAWN_LIFT_KNEE_MM} mm): drawn as modelled`,
      ),
      assertion(name, 'brow nodes at 15 fps: no sign flip frame to frame', 'browNodeFlipRun', Math.max(...st.map((x) => x.longestFlipRun)), { max: 1 }, '≤ 1', 'longest run of consecutive frame-to-frame reversals (each over 1 px at 36 px/mm)'),
    );
  }
  return out;
}

/** Frame-to-frame reversals in a row the lashes may show at 15 fps (lashAssertions says why). */
export const LASH_FLIP_RUN_MAX = 3;

/**
 * The lashes' lag spring as a film draws it at 15 fps (eye.md §6: every spring checked at 15 fps; the
 * renderer's spring, build/render/layers/lash-lag.ts, fed the trace's upper lid at each frame): bounded
 * (under the lid's whole roll over a blink: the lashes never swing further than the lid turns) and not
 * shaking (changes of one quantum are not motion). The lashes ring at 9 Hz, above 15 fps's Nyquist
 * (7.5 Hz): a well-damped ring (ζ 0.55, × 0.13 a frame) shows at 15 fps as up to three alternating
 * frame-to-frame changes before it falls under a quantum (1995, 30 s: 3 at most, 0.03 rad), where an
 * unstable spring alternates every frame without end (20 Hz: 338 frames in a row, then NaN). So a run
 * of more than LASH_FLIP_RUN_MAX reversals is shaking. `hz` makes a deliberately unstable spring (a
 * test's).
 */
export function lashAssertions(name: string, t: Trace, frameSteps: readonly number[], hz = LASH_LAG_HZ): Assertion[] {
  const lag = lashLagAtFrames(
    frameSteps.map((i) => t.columns.tMs[i]),
    frameSteps.map((i) => t.columns.upperLidMm[i]),
    hz,
  );
  const st = frameStability(lag, lag.map((_, k) => k), LASH_LAG_QUANTUM_RAD * 1.5);
  // The upper lid's roll from open to shut (rest gaze): how far the lashes' root turns in a blink.
  const roll = lidRollRad(lidMargins(0, 1, { upperMm: 0, lowerMm: 0 }).upperMm);
  return [
    assertion(name, 'lashes at 15 fps: bounded', 'lashLagMaxAbsRad', st.maxAbs, { max: roll }, `< ${roll.toFixed(2)} rad (the lid's roll shut)`, `the lag spring at ${hz} Hz, 4 substeps a frame`),
    assertion(
      name,
      'lashes at 15 fps: no sign flipping frame to frame',
      'lashFlipRun',
      st.longestFlipRun,
      { max: LASH_FLIP_RUN_MAX },
      `≤ ${LASH_FLIP_RUN_MAX}`,
      `longest run of consecutive frame-to-frame reversals (each over ${LASH_LAG_QUANTUM_RAD * 1.5} rad): a damped 9-Hz ring aliased at 15 fps dies within ${LASH_FLIP_RUN_MAX}`,
    ),
  ];
}

/** The brow's beat after landings, and its head-to-tail order, in an era script. */
function browBeatAssertions(era: EraId, params: DetectorParams): Assertion[] {
  const name = `face-brow-${era}-script`;
  const trace = simulate(scene(name, { era, mode: 'script', seed: 1 }), 120);
  const d = detect(signalFromTrace(trace), params, MODEL_TRACE_METHOD);
  const landings = d.saccades.filter((x) => x.kind === 'saccade').map((x) => x.endMs);
  const answers = browAfterLanding(
    trace.columns.tMs,
    BROW_NODE_FIELDS.map((f) => trace.columns[f]),
    landings,
  );
  const heads = answers.map((a) => a.nodeDelaysMs[0]);
  const inOrder = answers.filter((a) => a.nodeDelaysMs.every((x, i) => i === 0 || x >= a.nodeDelaysMs[i - 1])).length;
  const b = FACE.browAfterLandingMs;
  return [
    assertion(name, 'brow onset after the eye lands', 'browOnsetAfterLandingMs', median(heads), b, `${b.min}–${b.max} ms`, `median of ${answers.length} answered landings (of ${landings.length}); range ${Math.min(...heads).toFixed(0)}–${Math.max(...heads).toFixed(0)} ms`),
    assertion(name, 'brow node onsets head to tail', 'browHeadToTailShare', answers.length ? inOrder / answers.length : null, { min: 1 }, '= 1', `${inOrder} of ${answers.length}`),
  ];
}

/** Era moods read the eye: 2013's lift only at the lens, 2026's only in eye contact. */
function moodAssertions(): Assertion[] {
  const t13 = simulate(scene('face-mood-2013-script', { era: '2013', mode: 'script', seed: 1 }), 120);
  const { tMs, pitchDeg } = t13.columns;
  const mood = t13.columns.au1Activation;
  const downBelowDeg = pitchDegFromRigY((LENS_RIG.y + 0.25) / 2);
  // The eye has been down (at the screen) for 2 s: the mood's fall (λ 4.5 after a 0.3 s ease) is done.
  let downFor = 0;
  let downMax = 0;
  let lensMax = 0;
  for (let i = 1; i < tMs.length; i++) {
    downFor = pitchDeg[i] < downBelowDeg ? downFor + (tMs[i] - tMs[i - 1]) : 0;
    if (downFor > 2000) downMax = Math.max(downMax, mood[i]);
    if (pitchDeg[i] >= downBelowDeg) lensMax = Math.max(lensMax, mood[i]);
  }
  const c = simulate(scene('face-contact-2026', { era: '2026', pointer: CONTACT_KEYS }), 15);
  const a1 = c.columns.au1Activation;
  const inContact = Math.min(meanIn(c, a1, 3, 5), meanIn(c, a1, 13, 15));
  const away = meanIn(c, a1, 7.5, 10);
  // A new era is greeted × 0.4, and only when the era changes: a tour from 1995 to 2003 at 6 s.
  const tour = simulate(scene('face-era-greeting', { era: '1995', mode: 'script', seed: 1, tour: [{ era: '1995', atS: 0 }, { era: '2003', atS: 6 }] }), 12);
  const greetOnsets = risingOnsetsMs(tour.columns.tMs, tour.columns.au1Activation);
  const greetPeak = peakIn(tour, tour.columns.au1Activation, 6, 9) / MOTOR_PROGRAMS.greeting.find((x) => x.au === 'AU1')!.level;
  const g = FACE.eraGreetingScale;
  return [
    assertion('face-era-greeting', 'a new era is greeted × 0.4', 'eraGreetingScale', onsetsIn(greetOnsets, 0, 6).length === 0 ? greetPeak : null, { min: g - 0.02, max: g + 0.02 }, `${g} ± 0.02`, `AU1 peak after the cut over a visitor's greeting; ${onsetsIn(greetOnsets, 0, 6).length} onsets before it`),
    assertion('face-mood-2013-script', '2013 lift while the eye is down at the screen', 'moodDownAu1Max', downMax, { max: 0.01 }, '≤ 0.01', `AU1 at the lens up to ${lensMax.toFixed(3)}`),
    assertion('face-contact-2026', '2026 mood in eye contact', 'moodContactAu1', inContact, { min: 0.15 }, 'AU1 ≥ 0.15'),
    assertion('face-contact-2026', '2026 mood looking away (following a pointer 4 R off)', 'moodAwayAu1', away, { max: 0.01 }, 'AU1 ≤ 0.01'),
  ];
}

/**
 * Pursuit gain on the glides (eye.md §2), from the physiology's stimulus; and catch-up saccades only
 * past the era's catchUp: every saccade detected during the glides starts with the eye at least
 * catchUp (less the drift's CATCH_UP_TOLERANCE_DEG) from the trace's followed target.
 */
export function pursuitAssertions(p: Physiology): Assertion[] {
  return p.pursuit.flatMap((x) => {
    const want = x.era === '2026' ? PURSUIT_GAIN['2026'] : PURSUIT_GAIN.usual;
    const tol = PURSUIT_GAIN.tolerance;
    const c = x.catchUp;
    const least = c.thresholdDeg - CATCH_UP_TOLERANCE_DEG;
    const errors = c.readings.map((r) => r.errorDeg.toFixed(2)).join(', ');
    return [
      assertion(`pursuit-${x.era}`, 'pursuit gain on 10°/s glides', `pursuitGain${x.era}`, x.gain, { min: want - tol, max: want + tol }, `${want} ± ${tol}`, `${x.samples} samples`),
      assertion(
        `pursuit-${x.era}`,
        'catch-up saccades only past catchUp (the least error at a detected saccade\'s start)',
        `catchUpMinErrorDeg${x.era}`,
        c.minErrorDeg,
        { min: least },
        `≥ ${c.thresholdDeg}° − ${CATCH_UP_TOLERANCE_DEG}° (drift)`,
        c.readings.length ? `${c.readings.length} saccades detected during the glides, errors ${errors}°` : 'no saccade detected during the glides: nothing shows the threshold',
      ),
    ];
  });
}

/** Every face assertion. A few seconds of simulation. */
export function faceAssertions(params: DetectorParams): Assertion[] {
  return [...visitorAssertions('1995'), ...visitorAssertions('2026'), ...browBeatAssertions('1995', params), ...browBeatAssertions('2013', params), ...moodAssertions()];
}
