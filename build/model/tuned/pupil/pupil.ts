import { accommodationDioptres, screenFieldDeg2, type EraLight } from '../../eras/era-light.ts';
import type { Random } from '../../random/random.ts';

/**
 * The pupil (eye.md §6, R13): a diameter target from the light, the near reflex and arousal, seen
 * through a 0.23 s latency, followed with a first-order lag and never faster than 4.2 mm/s closing or
 * 1.1 mm/s opening (the sphincter is quicker than the dilator: Loewenfeld), with hippus on top as five
 * slow sines.
 */
export const PUPIL_LATENCY_S = 0.23;
export const PUPIL_CONSTRICT_MM_PER_S = 4.2;
export const PUPIL_DILATE_MM_PER_S = 1.1;
/** The follow's time constant once the signal arrives; the speed caps bind on any large step. */
const FOLLOW_TAU_S = 0.25;
/**
 * Constriction per dioptre of accommodation: the near triad narrows the pupil by a fraction of a
 * millimetre per dioptre (Marg & Morgan). 0.45 mm/D makes 2009's phone at 32 cm (3.1 D) the smallest
 * pupil of the tour although its small screen lights the eye less than a desk monitor does.
 */
export const NEAR_MM_PER_DIOPTRE = 0.45;
/** Full arousal opens the pupil this much (sympathetic dilation, Bradley). */
const AROUSAL_MM = 1.2;
/** Hippus: five slow sines under 0.35 Hz, ~0.2 mm peak together (Stark). */
const HIPPUS_HZ = [0.071, 0.113, 0.167, 0.229, 0.307] as const;
const HIPPUS_MM = [0.06, 0.05, 0.04, 0.03, 0.02] as const;
export const PUPIL_MIN_MM = 2;
export const PUPIL_MAX_MM = 8;

/**
 * Pupil diameter for a screen (Stanley & Davies 1995, as unified by Watson & Yellott 2012): the
 * adapting field is the screen's luminance times its angular area.
 */
export function lightPupilMm(light: EraLight): number {
  const f = (light.luminanceCdM2 * screenFieldDeg2(light)) / 846;
  const p = Math.pow(f, 0.41);
  return 7.75 - (5.75 * p) / (p + 2);
}

/** The steady diameter for an era's light (the near reflex included), before arousal and hippus. */
export function eraPupilMm(light: EraLight): number {
  return lightPupilMm(light) - NEAR_MM_PER_DIOPTRE * accommodationDioptres(light);
}

export class Pupil {
  /** Diameter after the last step, mm. */
  diameterMm: number;
  private readonly delay: Float64Array;
  private readonly delaySteps: number;
  private readonly delayFrac: number;
  private head = 0;
  /**
   * Hippus sines advanced by the two-term recurrence s[n+1] = 2cos(ωΔt)·s[n] − s[n−1] (five Math.sin a
   * step were the body's hot spot); its rounding drift stays under 1e-9 mm over a day of scene time.
   */
  private readonly cur = new Float64Array(HIPPUS_HZ.length);
  private readonly prev = new Float64Array(HIPPUS_HZ.length);
  private readonly twoCos = new Float64Array(HIPPUS_HZ.length);
  private hippus = 0;
  private readonly followK: number;

  /** @param grain the hippus amplitude's scale (0.45 when calm). */
  constructor(
    rng: Random,
    private readonly stepS: number,
    grain: number,
  ) {
    for (let i = 0; i < HIPPUS_HZ.length; i++) {
      const phase = rng.uniform(0, 2 * Math.PI);
      const w = 2 * Math.PI * HIPPUS_HZ[i] * stepS;
      const a = HIPPUS_MM[i] * grain;
      this.cur[i] = a * Math.sin(phase);
      this.prev[i] = a * Math.sin(phase - w);
      this.twoCos[i] = 2 * Math.cos(w);
      this.hippus += this.cur[i];
    }
    const d = PUPIL_LATENCY_S / stepS;
    this.delaySteps = Math.floor(d);
    this.delayFrac = d - this.delaySteps;
    this.delay = new Float64Array(this.delaySteps + 2);
    this.followK = 1 - Math.exp(-stepS / FOLLOW_TAU_S);
    this.diameterMm = 0;
  }

  /** Start settled at a target: no transient from a default size at the start of a scene. */
  settle(targetMm: number): void {
    this.delay.fill(targetMm);
    this.diameterMm = targetMm;
  }

  /** Hippus now, mm (already scaled by grain). */
  hippusMm(): number {
    return this.hippus;
  }

  /** The target the eye sees now (light + near + arousal, and hippus), before the latency. */
  targetMm(baseMm: number, arousal: number): number {
    const t = baseMm + AROUSAL_MM * Math.min(1, Math.max(0, arousal)) + this.hippusMm();
    return Math.min(PUPIL_MAX_MM, Math.max(PUPIL_MIN_MM, t));
  }

  /** Advance the hippus by one step (before reading the next target). */
  turnHippus(): void {
    const cur = this.cur;
    const prev = this.prev;
    const twoCos = this.twoCos;
    let h = 0;
    for (let i = 0; i < 5; i++) {
      const next = twoCos[i] * cur[i] - prev[i];
      prev[i] = cur[i];
      cur[i] = next;
      h += next;
    }
    this.hippus = h;
  }

  /** One step: push the target now, follow the target from 0.23 s ago (fractional steps interpolated). */
  step(targetMm: number): void {
    const n = this.delay.length;
    const head = this.head + 1 === n ? 0 : this.head + 1;
    this.head = head;
    this.delay[head] = targetMm;
    let ia = head - this.delaySteps;
    if (ia < 0) ia += n;
    const ib = ia === 0 ? n - 1 : ia - 1;
    const a = this.delay[ia];
    const b = this.delay[ib];
    const seen = a + (b - a) * this.delayFrac;
    let dv = (seen - this.diameterMm) * this.followK;
    const maxClose = PUPIL_CONSTRICT_MM_PER_S * this.stepS;
    const maxOpen = PUPIL_DILATE_MM_PER_S * this.stepS;
    if (dv < -maxClose) dv = -maxClose;
    else if (dv > maxOpen) dv = maxOpen;
    this.diameterMm += dv;
  }
}
