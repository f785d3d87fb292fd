import { CALM } from '../../spec/eye-spec.ts';
import { lidMargins, type LidMargins } from '../anatomy/lids.ts';
import { RELAXED_FACE } from '../anatomy/rest.ts';
import { ERA_BLINK_MEAN_S } from '../eras/era-blink.ts';
import { ERA_LIGHT } from '../eras/era-light.ts';
import { Random } from '../random/random.ts';
import { cutClosureAt, cutDurationMs, CutClock, EraClock, msSinceCutStart } from '../stage/stage.ts';
import { scenePointer, type PointerTrack } from '../pointer/pointer-track.ts';
import { STEP_MS, STEP_S, stepTimeMs } from '../time/clock.ts';
import type { EyeInputs, EyeModel, EyeSample, TruthEvent } from '../types.ts';
import type { EraId, Scene } from '../../scene/scene.ts';
import { BlinkProcess } from './blink/blink-process.ts';
import { Face } from './face/face.ts';
import { createGaze } from './gaze/create-gaze.ts';
import type { GazeProcess } from './gaze/gaze-process.ts';
import { eraPupilMm, Pupil } from './pupil/pupil.ts';
import { Wobble } from './wobble/wobble.ts';

/** Bell's phenomenon: the globe rolls up ~9° under a closed lid, in proportion to the closure. */
export const BELL_DEG = 9;
/** Calm (coarse pointer): the grain, i.e. the wobble's kick and the hippus, × 0.45 (eye.md §8). */
export const CALM_GRAIN = CALM.grainScale;
/** Partial blinks wait this long after a cut has ended (eye.md §4). */
const PARTIAL_AFTER_CUT_MS = 600;

export interface TunedEyeParts {
  /** The gaze subsystem (tests inject a scripted one). */
  createGaze?: (scene: Scene, rng: Random, pointer: PointerTrack | null) => GazeProcess;
}

const EMPTY: TruthEvent[] = [];

/**
 * The tuned eye of eye.md: the gaze subsystem plus the body that reads it (blinks, lids, pupil, iris
 * wobble, brow), composed from one seeded root split per subsystem, every part stepped once per 240 Hz
 * step.
 *
 * - Lids: the most shut of the natural blink, the face's held lid (AU43, AU7, AU6: a wince, a wary
 *   stare, boredom) and the stage's cut closure wins; the blink process runs every step regardless, so
 *   a blink caught by a cut finishes unseen under it. AU5 (surprise) lifts the open upper lid.
 * - Bell's phenomenon adds BELL_DEG × the lid's closure beyond the face's held narrowing (0 at the held lid, 1 shut)
 *   to the sample's pitch, so the roll goes with the lid's visible movement; the lids themselves follow
 *   the gaze's pitch (before Bell), as a lid follows where the eye looks.
 * - The near reflex's inward turn (GazeState.convergenceDeg, not in the gaze's yaw) is added to the
 *   sample's yaw as +yaw: the drawn eye is a right eye, its nose on the viewer's right
 *   (render/geometry/lid-shape.ts), so turning in is turning toward +x.
 * - The pupil reads the stage's era (the device changes at the cut, while the lid is shut); blink
 *   timing and the brow's mood read the gaze's era (the person's task, which finishes its movement
 *   first). The face (face/face.ts) holds blinks through a startle, a stare or annoyance, asks for one
 *   after a startle, and opens the pupil with arousal; it is stepped before the blinks so its hold
 *   applies on the same step.
 * - Reduced motion: the clock freezes. Nothing is stepped after construction, so every sample but tMs
 *   is the first one: the gaze's initial state (its rest, the gaze's own rule), open lids, no blink,
 *   no wobble, a still brow and pupil. Cuts still happen on the stage (plain cuts) and are reported.
 */
export function createTunedEye(scene: Scene, parts: TunedEyeParts = {}, inputs: EyeInputs = {}): EyeModel {
  const root = Random.fromSeed(scene.seed);
  const pointer = inputs.pointer === undefined ? scenePointer(scene) : inputs.pointer;
  const gaze = (parts.createGaze ?? createGaze)(scene, root.spawn('gaze'), pointer);
  const grain = scene.calm ? CALM_GRAIN : 1;
  const frozen = scene.reducedMotion;

  const blinkMeanS = (era: EraId): number => scene.overrides.blinkMeanS ?? ERA_BLINK_MEAN_S[era];
  const cutMs = cutDurationMs(scene);
  const cutClock = new CutClock(scene);
  const partialAllowedAt = (tMs: number): boolean => msSinceCutStart(scene, tMs) >= cutMs + PARTIAL_AFTER_CUT_MS;

  let gazeState = gaze.state();
  let blinkEra = gazeState.era;
  const blinks = new BlinkProcess(root.spawn('blink'), { meanIntervalS: blinkMeanS(blinkEra), partialAllowedAt });

  // Each era's light read when the eye is first in it, not every era's up front: a scene's run reads
  // only the eras it plays (the check keys and runs an era's part on that era's entries alone).
  const eraPupilCache = new Map<EraId, number>();
  const eraPupil = (e: EraId): number => {
    let mm = eraPupilCache.get(e);
    if (mm === undefined) eraPupilCache.set(e, (mm = eraPupilMm(ERA_LIGHT[e])));
    return mm;
  };
  const eras = new EraClock(scene);
  let era = eras.at(0);
  const pupil = new Pupil(root.spawn('pupil'), STEP_S, grain);
  pupil.settle(pupil.targetMm(eraPupil(era), 0));

  const wobble = new Wobble(STEP_S, grain);
  const face = new Face(root.spawn('face'), gazeState, pointer, STEP_MS, scene.overrides.browWaitMs);

  const margins: LidMargins = { upperMm: 0, lowerMm: 0 };
  let step = 0;
  let closure = 0;
  /** The closure Bell's roll follows: the lid's movement beyond the face's held narrowing (a squint does not roll the eye up). */
  let bellClosure = 0;
  let cutEvents: TruthEvent[] = [];

  const lidsAt = (): void => {
    lidMargins(gazeState.pitchDeg, closure, margins);
  };
  lidsAt();

  return {
    step() {
      step++;
      const tMs = stepTimeMs(step);
      cutClock.advance(tMs, cutEvents);
      era = eras.at(tMs);
      if (frozen) return;

      gaze.step(era);
      gazeState = gaze.state();
      if (gazeState.era !== blinkEra) {
        blinkEra = gazeState.era;
        blinks.setMeanIntervalS(blinkMeanS(blinkEra));
      }
      face.step(tMs, gazeState, blinks);
      blinks.step(tMs, gaze.landings());

      const cutting = cutClock.inCut(tMs);
      const cut = cutting ? cutClosureAt(scene, tMs) : 0;
      const held = face.heldClosure;
      closure = Math.max(blinks.closure, held, cut);
      // The roll goes with the lid's movement from where the face holds it: none while a blink is still
      // inside a held narrowing, the whole 9° at a shut lid (a squint alone does not roll the eye up).
      bellClosure = held > 0 ? Math.max(0, (closure - held) / (1 - held)) : closure;
      lidsAt();
      // AU5 lifts the open lid; a closing lid takes the lift down with it.
      margins.upperMm += face.upperRaiseMm * (1 - closure);

      wobble.step(gazeState.yawDeg + gazeState.convergenceDeg, gazeState.pitchDeg);
      // The pupil reads the stage's era: the device changes mid-cut, under the shut lid (EraClock).
      pupil.turnHippus();
      pupil.step(pupil.targetMm(eraPupil(era), face.arousal));
    },

    sample(): EyeSample {
      return face.fill({
        tMs: stepTimeMs(step),
        era,
        yawDeg: gazeState.yawDeg + gazeState.convergenceDeg,
        pitchDeg: gazeState.pitchDeg + BELL_DEG * bellClosure,
        targetYawDeg: gazeState.targetYawDeg + gazeState.convergenceDeg,
        targetPitchDeg: gazeState.targetPitchDeg,
        upperLidMm: margins.upperMm,
        lowerLidMm: margins.lowerMm,
        apertureMm: margins.upperMm - margins.lowerMm,
        blinkClosure: frozen ? 0 : blinks.closure,
        wobbleXMm: wobble.xMm,
        wobbleYMm: wobble.yMm,
        pupilMm: pupil.diameterMm,
        browLiftMm: 0,
        // Written by face.fill (listed here so every sample has one shape).
        ...RELAXED_FACE,
        frameScale: 1,
      });
    },

    drainEvents(): TruthEvent[] {
      const g = frozen ? EMPTY : gaze.drainEvents();
      const b = blinks.drainEvents();
      const f = face.drainEvents();
      if (g.length === 0 && b.length === 0 && f.length === 0 && cutEvents.length === 0) return EMPTY;
      const out = cutEvents.length === 0 ? [] : cutEvents;
      if (cutEvents.length > 0) cutEvents = [];
      for (const e of g) out.push(e);
      for (const e of b) out.push(e);
      for (const e of f) out.push(e);
      return out;
    },
  };
}
