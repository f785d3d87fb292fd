import { FACE } from '../../../spec/eye-spec.ts';

/** The seven muscles of eye.md §7 (FACS action units): four on the brow, three on the lids. */
export const AUS = ['AU1', 'AU2', 'AU4', 'AU6', 'AU5', 'AU7', 'AU43'] as const;
export type Au = (typeof AUS)[number];
/** The brow's four: inner raiser, outer raiser, lowerer, and the cheek raiser that pulls the tail down. */
export const BROW_AUS = ['AU1', 'AU2', 'AU4', 'AU6'] as const satisfies readonly Au[];
export type BrowAu = (typeof BROW_AUS)[number];

/** Rise and fall rates, /s: inside eye.md's λ 18–25 and 4–5 (the middle of each band, our choice). */
export const MUSCLE_RISE_PER_S = (FACE.muscleRisePerS.min + FACE.muscleRisePerS.max) / 2;
export const MUSCLE_FALL_PER_S = (FACE.muscleFallPerS.min + FACE.muscleFallPerS.max) / 2;

/** One drive of one muscle: `level` (0..1) from `startMs` until `endMs`. */
export interface Pulse {
  au: Au;
  startMs: number;
  endMs: number;
  level: number;
  /** The motor program it belongs to (for the ground truth). */
  program: string;
  started: boolean;
}

/** A muscle began to be driven: ground truth for the onset detectors. */
export interface MuscleOnset {
  au: Au;
  atMs: number;
  program: string;
}

/** Below this a muscle with no command is taken as relaxed. */
const RELAXED = 1e-4;

export type AuLevels = Record<Au, number>;

export function zeroLevels(): AuLevels {
  return { AU1: 0, AU2: 0, AU4: 0, AU6: 0, AU5: 0, AU7: 0, AU43: 0 };
}

/**
 * The muscles: each one's command is the largest of its tonic level (held by a feeling or the era's
 * mood, set by the caller every step) and the pulses of the motor programs playing now; its
 * activation follows the command as a first-order system, rising at λ MUSCLE_RISE_PER_S and falling at
 * λ MUSCLE_FALL_PER_S (fast in, slow out). Stepped at the model's fixed 240 Hz, exactly (exp), so it is
 * the same at any frame rate.
 */
export class Muscles {
  readonly activation: AuLevels = zeroLevels();
  readonly tonic: AuLevels = zeroLevels();
  /** Did any activation change on the last step? */
  moving = false;
  private pulses: Pulse[] = [];
  private readonly command: AuLevels = zeroLevels();
  private readonly riseK: number;
  private readonly fallK: number;

  constructor(stepS: number) {
    this.riseK = 1 - Math.exp(-MUSCLE_RISE_PER_S * stepS);
    this.fallK = 1 - Math.exp(-MUSCLE_FALL_PER_S * stepS);
  }

  /** Schedule a pulse (a motor program's step). */
  drive(au: Au, startMs: number, holdMs: number, level: number, program: string): void {
    this.pulses.push({ au, startMs, endMs: startMs + holdMs, level, program, started: false });
  }

  /** Is any pulse of `program` scheduled or playing at `tMs`? */
  playing(program: string, tMs: number): boolean {
    return this.pulses.some((p) => p.program === program && tMs < p.endMs);
  }

  /** One step at `tMs`; onsets of pulses that began are appended to `out`. */
  step(tMs: number, out: MuscleOnset[]): void {
    const command = this.command;
    const tonic = this.tonic;
    const act = this.activation;
    let any = this.pulses.length > 0;
    for (let k = 0; k < AUS.length; k++) {
      const au = AUS[k];
      command[au] = tonic[au];
      if (tonic[au] !== act[au]) any = true;
    }
    // The common step: every muscle where its tonic level holds it (relaxed, or a mood at rest), no pulse.
    this.moving = any;
    if (!any) return;
    if (this.pulses.length > 0) {
      let keep = 0;
      for (const p of this.pulses) {
        if (tMs >= p.endMs) continue;
        this.pulses[keep++] = p;
        if (tMs < p.startMs) continue;
        if (!p.started) {
          p.started = true;
          out.push({ au: p.au, atMs: tMs, program: p.program });
        }
        if (p.level > command[p.au]) command[p.au] = p.level;
      }
      this.pulses.length = keep;
    }
    for (let k = 0; k < AUS.length; k++) {
      const au = AUS[k];
      const a = act[au];
      const c = command[au];
      const next = a + (c - a) * (c > a ? this.riseK : this.fallK);
      // A relaxed muscle's tail is cut once invisible (1e-4 of full: < 0.001 mm anywhere), and one within
      // a millionth of its command has arrived, so the brow can settle.
      act[au] = c === 0 && next < RELAXED ? 0 : Math.abs(next - c) < 1e-6 ? c : next;
    }
  }
}
