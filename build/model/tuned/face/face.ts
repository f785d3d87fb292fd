import { FACE } from '../../../spec/eye-spec.ts';
import { openingMm } from '../../anatomy/lids.ts';
import { ERA_BROW, LENS_RIG, type EraBrow } from '../../eras/era-brow.ts';
import { emptyPointerSample, type PointerTrack } from '../../pointer/pointer-track.ts';
import type { Random } from '../../random/random.ts';
import type { EyeSample, TruthEvent } from '../../types.ts';
import type { BlinkProcess } from '../blink/blink-process.ts';
import { Brow, BROW_WAIT_MS, NODE_STAGGER_STEPS } from '../brow/brow.ts';
import { BROW_NODES, gazeBrowShapeMm, muscleBrowMm } from '../brow/brow-shape.ts';
import { Feelings, type FeelingOnset } from '../feelings/feelings.ts';
import type { GazeState } from '../gaze/gaze-process.ts';
import { Muscles, type MuscleOnset } from '../muscles/muscles.ts';
import { Senses, type SenseEvent } from '../senses/senses.ts';

const NO_EVENTS: TruthEvent[] = [];

/** Full AU43 closes the lid this far (0..1 of a blink): a squeeze, not a blink (our choice). */
export const AU43_CLOSURE = 0.6;
/** Full AU7 (the lid tightener) narrows the eye this far (our choice). */
export const AU7_CLOSURE = 0.3;
/** Full AU6 (the smiling eyes) narrows it a little (our choice). */
export const AU6_CLOSURE = 0.08;
/** Full AU5 lifts the upper lid this much, mm: the white shows above the iris in surprise (our choice). */
export const AU5_RAISE_MM = 1;
/**
 * Boredom's AU43 level: its lid is at most FACE.boredomLidMaxMm heavier (eye.md §7), here 85 % of it
 * (a margin) of the opening at rest, which a closure c shrinks by c × the open opening (lids.ts).
 */
export const BOREDOM_AU43 = (0.85 * FACE.boredomLidMaxMm) / (openingMm(0) * AU43_CLOSURE);

/**
 * The face of eye.md §7: senses (the pointer) → feelings → seven muscles → the brow chain and the lids,
 * with the gaze's shape under the brow (cursor → eye → brow). The eye takes part: blinks are held
 * through a startle, a stare or annoyance and one follows a startle's end; the pupil opens with
 * arousal (the lid-raiser's and tightener's activations, which only the visitor's acts drive); the
 * held lid (AU43, AU7, AU6) is handed to the lid rig, where the most shut wins.
 *
 * The era's mood reads the eye a beat after it lands (BROW_WAIT_MS): 2013's only while the eye is up at
 * the lens, 2026's only in eye contact (the gaze within ~4° of the visitor, who sits at the lens: rest
 * is (0, 0), eye.md §2).
 */
export class Face {
  heldClosure = 0;
  upperRaiseMm = 0;
  arousal = 0;
  private readonly muscles: Muscles;
  private readonly brow: Brow;
  private readonly senses = new Senses();
  private readonly feelings: Feelings;
  private readonly pointerSample = emptyPointerSample();
  private readonly shape = new Float64Array(BROW_NODES);
  private readonly muscleMm = new Float64Array(BROW_NODES);
  private readonly senseOut: SenseEvent[] = [];
  private readonly feelingOut: FeelingOnset[] = [];
  private readonly muscleOut: MuscleOnset[] = [];
  private events: TruthEvent[] = [];
  private era: string;
  private stillMs = 0;
  private moodHeld = false;

  constructor(
    rng: Random,
    gaze: GazeState,
    private readonly pointer: PointerTrack | null,
    private readonly stepMs: number,
    /** The brow's wait after a landing, ms (BROW_WAIT_MS unless a scene overrides it). */
    private readonly browWaitMs: number = BROW_WAIT_MS,
  ) {
    this.muscles = new Muscles(stepMs / 1000);
    this.feelings = new Feelings(rng.spawn('feelings'), this.muscles, stepMs / 1000, BOREDOM_AU43);
    this.brow = new Brow(gazeBrowShapeMm(gaze.rigX, gaze.rigY, this.shape), stepMs, browWaitMs);
    this.era = gaze.era;
  }

  step(tMs: number, gaze: GazeState, blinks: BlinkProcess): void {
    const senseOut = this.senseOut;
    if (senseOut.length > 0) senseOut.length = 0;
    let reachable = false;
    let idleMs = Infinity;
    if (this.pointer) {
      this.senses.step(tMs, this.pointer.sampleAt(tMs, this.pointerSample), senseOut);
      reachable = this.senses.reachable;
      idleMs = this.senses.idleMs;
    }
    const mood: EraBrow = ERA_BROW[gaze.era];
    const eraChanged = gaze.era !== this.era;
    this.era = gaze.era;
    this.stillMs = gaze.inSaccade ? 0 : this.stillMs + this.stepMs;
    let contactRegained = false;
    if (this.stillMs >= this.browWaitMs || eraChanged) {
      const held = moodHolds(mood, gaze);
      contactRegained = held && !this.moodHeld && mood.when === 'contact';
      this.moodHeld = held;
    }
    if (this.feelingOut.length > 0) this.feelingOut.length = 0;
    this.feelings.step({ tMs, senses: senseOut, reachable, idleMs, eraChanged, mood, moodHeld: this.moodHeld, contactRegained }, this.feelingOut);
    if (this.muscleOut.length > 0) this.muscleOut.length = 0;
    this.muscles.step(tMs, this.muscleOut);

    const a = this.muscles.activation;
    if (this.muscles.moving) muscleBrowMm(a, this.muscleMm);
    const adopted = this.brow.step(gazeBrowShapeMm(gaze.rigX, gaze.rigY, this.shape), this.muscleMm, gaze.inSaccade);
    this.heldClosure = Math.max(a.AU43 * AU43_CLOSURE, a.AU7 * AU7_CLOSURE, a.AU6 * AU6_CLOSURE);
    this.upperRaiseMm = a.AU5 * AU5_RAISE_MM;
    this.arousal = Math.max(a.AU5, a.AU7);
    blinks.held = this.feelings.blinksHeld;
    if (this.feelings.takeBlinkRequest()) blinks.ask();

    for (const s of senseOut) this.events.push({ kind: 'sense', startMs: s.atMs, endMs: s.atMs, sense: s.sense, xR: s.xR, yR: s.yR });
    for (const f of this.feelingOut) this.events.push({ kind: 'feeling', startMs: f.atMs, endMs: f.atMs, feeling: f.feeling, scale: f.scale });
    for (const m of this.muscleOut) this.events.push({ kind: 'muscle', startMs: m.atMs, endMs: m.atMs, au: m.au, program: m.program });
    if (adopted) {
      const nodeOnsetsMs = Array.from({ length: BROW_NODES }, (_, i) => tMs + i * NODE_STAGGER_STEPS * this.stepMs);
      this.events.push({ kind: 'brow', startMs: tMs, endMs: nodeOnsetsMs[BROW_NODES - 1], nodeOnsetsMs });
    }
  }

  /** The face's columns of a sample. */
  fill(s: EyeSample): EyeSample {
    const n = this.brow.nodes;
    const a = this.muscles.activation;
    s.browLiftMm = this.brow.liftMm;
    s.browNodeLiftsMm = this.brow.nodeLiftsMm();
    s.browHeadMm = n[0].x;
    s.browInnerMm = n[1].x;
    s.browMidMm = n[2].x;
    s.browOuterMm = n[3].x;
    s.browTailMm = n[4].x;
    s.au1Activation = a.AU1;
    s.au2Activation = a.AU2;
    s.au4Activation = a.AU4;
    s.au6Activation = a.AU6;
    s.au5Activation = a.AU5;
    s.au7Activation = a.AU7;
    s.au43Activation = a.AU43;
    return s;
  }

  /** Ground truth since the last call. */
  drainEvents(): TruthEvent[] {
    if (this.events.length === 0) return NO_EVENTS;
    const out = this.events;
    this.events = [];
    return out;
  }
}

/** Does the era's mood hold for where the eye is now? */
export function moodHolds(mood: EraBrow, gaze: Pick<GazeState, 'rigX' | 'rigY' | 'yawDeg' | 'pitchDeg'>): boolean {
  if (mood.when === 'lens') return Math.hypot(gaze.rigX - LENS_RIG.x, gaze.rigY - LENS_RIG.y) < LENS_RIG.radius;
  if (mood.when === 'contact') return Math.hypot(gaze.yawDeg, gaze.pitchDeg) < FACE.contactWithinDeg;
  return true;
}
