import { SACCADE_MIN_DEG } from '../../spec/eye-spec.ts';
import { lidMargins, type LidMargins } from '../anatomy/lids.ts';
import { RELAXED_FACE } from '../anatomy/rest.ts';
import { ERA_LIGHT } from '../eras/era-light.ts';
import { Random } from '../random/random.ts';
import { cutClosureAt, CutClock, EraClock, eraAt } from '../stage/stage.ts';
import { STEP_S, stepTimeMs } from '../time/clock.ts';
import { eraPupilMm } from '../tuned/pupil/pupil.ts';
import type { EyeModel, EyeSample, TruthEvent } from '../types.ts';
import type { Scene } from '../../scene/scene.ts';

/*
 * The `generic` preset: the simple spring eye of seed 003 ("Making two cartoon eyes feel alive"),
 * rendered fairly on our twin so a comparison clip shows what the calm rules buy.
 *
 * What the seed says, and how it is carried over:
 * - Gaze is a damped spring toward a target, stiffness 420, damping ratio 0.8, integrated as the seed
 *   does (semi-implicit Euler: v += a·dt; x += v·dt), but at our fixed 240 Hz instead of once a frame.
 * - "A small random offset to the gaze target every 0.25 to 0.9 seconds": x ∈ ±0.05, y ∈ ±0.04 in the
 *   seed's normalised gaze units. Mapping: 1 normalised unit = GENERIC_DEG_PER_UNIT = 15°, i.e. the
 *   seed's ±1 gaze field (its pupil at the rim of the drawn eye) is a ±15° look, the range in which
 *   a real eye turns alone before the head joins in (Bahill: nearly all natural saccades are under
 *   15°). The jitter is then ±0.75° × ±0.6°: small jumps, about half of them under the 0.6°
 *   microsaccade line.
 * - "When you're idle the eyes look around": the seed gives no numbers. Here the look target itself
 *   moves on its own timer at the seed's cadence (every 0.25–0.9 s), within ±0.12 × ±0.072 units
 *   (±1.8° × ±1.1°): a restless idle glance about the visitor's face (eyes, mouth), the seed's jitter
 *   riding on top. Larger, rarer look-arounds were tried: the seed's soft spring (ω ≈ 20 rad/s, a
 *   step takes ~0.25 s) merges target changes that come close together, so they add little.
 * - Blinks: close in 70 ms, open over the next 100 ms, every 2.2–6.5 s (uniform), 18 % doubles with
 *   the second 240 ms after the first. Every blink is whole (the seed has no partial blinks).
 * - None of the tuned eye's physiology: no Bell's phenomenon, no wobble, no brow, a pupil that sits at
 *   the era's light size without latency or hippus. The lids are our twin's (they ride with pitch),
 *   and the stage's cuts close them, so the two presets are filmed on the same face.
 *
 * Its truth labels: each target change is one movement, a saccade if the jump is ≥ 0.6°, else a
 * microsaccade. Measured from the signal like the tuned eye (`eye check`: Engbert & Kliegl on the
 * 240 Hz trace, blinks masked; 3 seeds × 10 min) it shows ~1.85 saccades/s and ~0.62 microsaccades/s (the spring merges some changes, and a small jump's slow start hides under the
 * velocity threshold): it breaks both calm caps (≤ 1.6/s, ≤ 0.5/s), which is what it is for. Its
 * blinks (every ~4.35 s) sit inside the blink cap, as the seed's do. Reduced motion freezes it as it
 * freezes the tuned eye.
 */

/** One of the seed's normalised gaze units, degrees: its ±1 field is a ±15° look (Bahill; above). */
export const GENERIC_DEG_PER_UNIT = 15;
const STIFFNESS = 420;
const DAMPING_RATIO = 0.8;
const JITTER_MIN_S = 0.25;
const JITTER_MAX_S = 0.9;
const JITTER_X = 0.05;
const JITTER_Y = 0.04;
const LOOK_MIN_S = 0.25;
const LOOK_MAX_S = 0.9;
const LOOK_X = 0.12;
const LOOK_Y = 0.072;
const BLINK_CLOSE_MS = 70;
const BLINK_OPEN_MS = 100;
const BLINK_MIN_S = 2.2;
const BLINK_MAX_S = 6.5;
const DOUBLE_SHARE = 0.18;
const DOUBLE_GAP_MS = 240;
/** Target changes at or above this are saccades, below it microsaccades (eye.md §10). */
/** A movement's truth label ends when the spring is this close to its target (or the next change comes). */
const SETTLED_DEG = 0.02;

const EMPTY: TruthEvent[] = [];

function smooth(x: number): number {
  return x * x * (3 - 2 * x);
}

/** Closure of a seed-003 blink at `ms` after its onset: 70 ms closing, 100 ms opening. */
export function genericBlinkClosure(ms: number): number {
  if (ms <= 0 || ms >= BLINK_CLOSE_MS + BLINK_OPEN_MS) return 0;
  if (ms < BLINK_CLOSE_MS) return smooth(ms / BLINK_CLOSE_MS);
  return 1 - smooth((ms - BLINK_CLOSE_MS) / BLINK_OPEN_MS);
}

export function createGenericEye(scene: Scene): EyeModel {
  const root = Random.fromSeed(scene.seed);
  const jitterRng = root.spawn('generic/jitter');
  const lookRng = root.spawn('generic/look');
  const blinkRng = root.spawn('generic/blink');
  const frozen = scene.reducedMotion;
  const unit = GENERIC_DEG_PER_UNIT;
  const damping = 2 * Math.sqrt(STIFFNESS) * DAMPING_RATIO;

  // Gaze in degrees (the spring is linear, so it runs in degrees directly).
  let yaw = 0;
  let pitch = 0;
  let vYaw = 0;
  let vPitch = 0;
  let lookX = 0;
  let lookY = 0;
  let jitterX = 0;
  let jitterY = 0;
  let nextJitterMs = jitterRng.uniform(JITTER_MIN_S, JITTER_MAX_S) * 1000;
  let nextLookMs = lookRng.uniform(LOOK_MIN_S, LOOK_MAX_S) * 1000;
  // The movement in flight, for its truth label.
  let moveStartMs = -1;
  let moveAmplitudeDeg = 0;
  let moveCause = '';

  let nextBlinkMs = blinkRng.uniform(BLINK_MIN_S, BLINK_MAX_S) * 1000;
  let blinkStartMs = -Infinity;
  let blinkIsSecond = false;
  let secondAtMs = -1;
  let blinkClosure = 0;

  const cutClock = new CutClock(scene);
  const eras = new EraClock(scene);

  const basePupil = (tMs: number): number => eraPupilMm(ERA_LIGHT[eraAt(scene, tMs)]);
  // The light changes only inside a cut; the pupil sits at its size (no dynamics in the seed's eye).
  let pupilMm = basePupil(0);
  const margins: LidMargins = { upperMm: 0, lowerMm: 0 };
  let closure = 0;
  lidMargins(pitch, closure, margins);
  let step = 0;
  let events: TruthEvent[] = [];

  const endMove = (endMs: number): void => {
    if (moveStartMs < 0) return;
    events.push({
      kind: moveAmplitudeDeg >= SACCADE_MIN_DEG ? 'saccade' : 'microsaccade',
      startMs: moveStartMs,
      endMs,
      amplitudeDeg: moveAmplitudeDeg,
      corrective: false,
      cause: moveCause,
    });
    moveStartMs = -1;
  };

  const startBlink = (tMs: number, second: boolean): void => {
    if (blinkStartMs > -Infinity && tMs - blinkStartMs < BLINK_CLOSE_MS + BLINK_OPEN_MS) endBlink(tMs);
    blinkStartMs = tMs;
    blinkIsSecond = second;
  };
  const endBlink = (endMs: number): void => {
    events.push({ kind: 'blink', startMs: blinkStartMs, endMs, depth: 1, partial: false, doubleSecond: blinkIsSecond, evoked: false });
    blinkStartMs = -Infinity;
  };

  return {
    step() {
      step++;
      const tMs = stepTimeMs(step);
      cutClock.advance(tMs, events);
      if (frozen) return;

      // The target: look-around plus the seed's jitter.
      let changed = '';
      if (tMs >= nextLookMs) {
        lookX = lookRng.uniform(-LOOK_X, LOOK_X);
        lookY = lookRng.uniform(-LOOK_Y, LOOK_Y);
        nextLookMs = tMs + lookRng.uniform(LOOK_MIN_S, LOOK_MAX_S) * 1000;
        changed = 'look-around';
      }
      if (tMs >= nextJitterMs) {
        jitterX = jitterRng.uniform(-JITTER_X, JITTER_X);
        jitterY = jitterRng.uniform(-JITTER_Y, JITTER_Y);
        nextJitterMs = tMs + jitterRng.uniform(JITTER_MIN_S, JITTER_MAX_S) * 1000;
        changed = changed || 'jitter';
      }
      const targetYaw = (lookX + jitterX) * unit;
      const targetPitch = (lookY + jitterY) * unit;
      if (changed) {
        endMove(tMs);
        moveStartMs = tMs;
        moveAmplitudeDeg = Math.hypot(targetYaw - yaw, targetPitch - pitch);
        moveCause = changed;
      }

      // The seed's spring, semi-implicit Euler at 240 Hz.
      vYaw += (STIFFNESS * (targetYaw - yaw) - damping * vYaw) * STEP_S;
      vPitch += (STIFFNESS * (targetPitch - pitch) - damping * vPitch) * STEP_S;
      yaw += vYaw * STEP_S;
      pitch += vPitch * STEP_S;
      if (moveStartMs >= 0 && Math.hypot(targetYaw - yaw, targetPitch - pitch) < SETTLED_DEG) endMove(tMs);

      // Blinks.
      if (secondAtMs >= 0 && tMs >= secondAtMs) {
        secondAtMs = -1;
        startBlink(tMs, true);
      }
      if (tMs >= nextBlinkMs) {
        startBlink(tMs, false);
        if (blinkRng.chance(DOUBLE_SHARE)) secondAtMs = tMs + DOUBLE_GAP_MS;
        nextBlinkMs = tMs + blinkRng.uniform(BLINK_MIN_S, BLINK_MAX_S) * 1000;
      }
      blinkClosure = blinkStartMs > -Infinity ? genericBlinkClosure(tMs - blinkStartMs) : 0;
      if (blinkStartMs > -Infinity && tMs - blinkStartMs >= BLINK_CLOSE_MS + BLINK_OPEN_MS) endBlink(blinkStartMs + BLINK_CLOSE_MS + BLINK_OPEN_MS);

      let cut = 0;
      if (cutClock.inCut(tMs)) {
        cut = cutClosureAt(scene, tMs);
        pupilMm = basePupil(tMs);
      }
      closure = Math.max(blinkClosure, cut);
      lidMargins(pitch, closure, margins);
    },

    sample(): EyeSample {
      return {
        tMs: stepTimeMs(step),
        era: eras.at(stepTimeMs(step)),
        yawDeg: yaw,
        pitchDeg: pitch,
        // The generic eye follows no pointer.
        targetYawDeg: NaN,
        targetPitchDeg: NaN,
        upperLidMm: margins.upperMm,
        lowerLidMm: margins.lowerMm,
        apertureMm: margins.upperMm - margins.lowerMm,
        blinkClosure,
        wobbleXMm: 0,
        wobbleYMm: 0,
        pupilMm,
        browLiftMm: 0,
        ...RELAXED_FACE,
        frameScale: 1,
      };
    },

    drainEvents(): TruthEvent[] {
      if (events.length === 0) return EMPTY;
      const out = events;
      events = [];
      return out;
    },
  };
}
