import { FACE } from '../../../spec/eye-spec.ts';
import type { EraBrow } from '../../eras/era-brow.ts';
import type { Random } from '../../random/random.ts';
import { fireProgram, programSpanMs, type ProgramId } from '../muscles/motor-programs.ts';
import { AUS, zeroLevels, type Au, type AuLevels, type Muscles } from '../muscles/muscles.ts';
import type { SenseEvent } from '../senses/senses.ts';

/** Phasic feelings play a motor program; tonic ones are held by a condition and eased. */
export type FeelingKind = 'greeting' | 'surprise' | 'wince' | 'wary' | 'flash' | 'annoyance' | 'braced' | 'wistful' | 'boredom';

export interface FeelingOnset {
  feeling: FeelingKind;
  atMs: number;
  /** Its strength against a first, unmirrored one (habituation × mirroring, an era's greeting × 0.4). */
  scale: number;
}

/** What the feelings read each step. */
export interface FeelingInputs {
  tMs: number;
  senses: readonly SenseEvent[];
  /** The eye can be reached (the pointer is in the window), and how long the visitor has done nothing. */
  reachable: boolean;
  idleMs: number;
  /** The gaze's era changed on this step (a real change, not a flicker). */
  eraChanged: boolean;
  mood: EraBrow;
  /** The era's mood condition holds (read from the eye a beat after it lands). */
  moodHeld: boolean;
  /** The eye has just met the visitor's eyes again. */
  contactRegained: boolean;
}

/** An arrival after a quiet spell is greeted more softly than a return (our choice). */
const ARRIVAL_GREETING_SCALE = 0.6;
/** An arrival within this long of the last greeting is not greeted again (our choice: a visitor who pauses is not new). */
const GREETING_GAP_MS = 10_000;
/** Annoyance holds this long after the last poke (our choice). */
const ANNOYANCE_HOLD_MS = 8000;
/** Flashes on meeting the eyes again are at least this far apart (our choice: "now and then"). */
const FLASH_GAP_MS = 4000;
/** Tonic feelings ease toward their condition at this rate, /s (our choice: ~0.3 s). */
const TONIC_EASE_PER_S = 3;
/** Tonic levels (0..1) per feeling (our choices; boredom's AU43 is set by the face from the lid budget). */
const TONIC: Record<'annoyance' | 'braced' | 'wistful', Partial<AuLevels>> = {
  annoyance: { AU4: 0.45, AU7: 0.25 },
  braced: { AU4: 0.2, AU7: 0.15 },
  wistful: { AU1: 0.3 },
};

/** Raise each muscle in `want` to at least its level in `levels`. */
function holdLevels(want: AuLevels, levels: Partial<AuLevels>): void {
  for (const au in levels) {
    const v = levels[au as Au]!;
    if (v > want[au as Au]) want[au as Au] = v;
  }
}

/**
 * Feelings and their memory (eye.md §7): senses in, motor programs and tonic muscle levels out.
 * - A dart startles (surprise); one within 10 s of the last is × 0.6 of it, and the third in a row
 *   turns wary. Blinks are held through a startle or a wary stare, and one blink follows its end.
 * - A poke winces; three without the visitor going (leaving the window) turn to annoyance, which
 *   holds blinks while it lasts. A cursor returning within ~12 s of a poke is braced for, not greeted.
 * - Leaving is wistful until the return, which is a full greeting; an arrival is a softer one, and
 *   not again within 10 s of the last greeting.
 * - 30–40 s (drawn) of nothing while the eye can be reached is boredom (a heavier lid, AU43).
 * - The era's mood is held while its condition holds; a new era is greeted × 0.4; 2026 mirrors
 *   what the visitor makes it feel (× 1.2) and now and then flashes on meeting the eyes again.
 */
export class Feelings {
  blinksHeld = false;
  private askedBlink = false;
  private startleChain = 0;
  private lastStartleMs = -Infinity;
  private startleEndsMs = -Infinity;
  private blinkAtMs = Infinity;
  private pokes = 0;
  private lastPokeMs = -Infinity;
  private annoyedUntilMs = -Infinity;
  private bracedUntilMs = -Infinity;
  private away = false;
  private bored = false;
  private boredomAfterMs: number;
  private lastFlashMs = -Infinity;
  private lastGreetingMs = -Infinity;
  private readonly eased: AuLevels = zeroLevels();
  private readonly want: AuLevels = zeroLevels();
  private lastKey = -1;
  private lastMood: EraBrow | null = null;
  private arrived = false;
  private readonly easeK: number;

  constructor(
    private readonly rng: Random,
    private readonly muscles: Muscles,
    stepS: number,
    /** Boredom's AU43 level (the face's lid budget). */
    private readonly boredomAu43: number,
  ) {
    this.easeK = 1 - Math.exp(-TONIC_EASE_PER_S * stepS);
    this.boredomAfterMs = this.drawBoredomMs();
  }

  /** A blink the face asks for (one after a startle ends); true once. */
  takeBlinkRequest(): boolean {
    const a = this.askedBlink;
    this.askedBlink = false;
    return a;
  }

  step(x: FeelingInputs, out: FeelingOnset[]): void {
    const t = x.tMs;
    const mirror = x.mood.mirror;
    this.out = out;
    this.now = t;
    const feel = this.feel;
    for (const s of x.senses) {
      if (s.sense === 'dart') {
        this.startleChain = t - this.lastStartleMs <= FACE.startleMemoryMs ? this.startleChain + 1 : 1;
        this.lastStartleMs = t;
        if (this.startleChain >= FACE.startleWaryAt) {
          feel('wary', mirror, 'wary');
          this.startleEndsMs = this.blinkAtMs = t + programSpanMs('wary');
        } else {
          feel('surprise', mirror * FACE.startleHabituation ** (this.startleChain - 1), 'surprise');
          this.startleEndsMs = this.blinkAtMs = t + programSpanMs('surprise');
        }
      } else if (s.sense === 'poke') {
        feel('wince', mirror, 'wince');
        this.pokes++;
        this.lastPokeMs = t;
        if (this.pokes >= FACE.pokesToAnnoyance) {
          if (t >= this.annoyedUntilMs) feel('annoyance', 1);
          this.annoyedUntilMs = t + ANNOYANCE_HOLD_MS;
        }
      } else if (s.sense === 'leave') {
        this.away = true;
        this.pokes = 0;
        feel('wistful', 1);
      } else if (s.sense === 'return' || s.sense === 'arrive') {
        this.away = false;
        if (t - this.lastPokeMs <= FACE.bracedMs) {
          this.bracedUntilMs = t + FACE.bracedMs;
          feel('braced', 1);
        } else if (s.sense === 'return' || t - this.lastGreetingMs >= GREETING_GAP_MS) {
          this.lastGreetingMs = t;
          feel('greeting', mirror * (s.sense === 'return' ? 1 : ARRIVAL_GREETING_SCALE), 'greeting');
        }
      }
    }
    if (x.eraChanged) feel('greeting', FACE.eraGreetingScale, 'greeting');
    if (x.contactRegained && x.mood.flashChance > 0 && t - this.lastFlashMs >= FLASH_GAP_MS && this.rng.chance(x.mood.flashChance)) {
      this.lastFlashMs = t;
      feel('flash', 1, 'flash');
    }
    const bored = x.reachable && x.idleMs >= this.boredomAfterMs;
    if (bored && !this.bored) feel('boredom', 1);
    if (!bored && this.bored) this.boredomAfterMs = this.drawBoredomMs();
    this.bored = bored;

    // Blinks wait through a startle or a wary stare, and through annoyance; one follows a startle's end.
    const startled = t < this.startleEndsMs;
    const annoyed = t < this.annoyedUntilMs;
    if (t >= this.blinkAtMs) {
      this.blinkAtMs = Infinity;
      this.askedBlink = true;
    }
    this.blinksHeld = startled || annoyed;

    // The common step: the same conditions as the last one and every tonic level arrived.
    const braced = t < this.bracedUntilMs;
    const key = (x.moodHeld ? 1 : 0) | (annoyed ? 2 : 0) | (braced ? 4 : 0) | (this.away ? 8 : 0) | (bored ? 16 : 0);
    if (key === this.lastKey && x.mood === this.lastMood && this.arrived) return;
    this.lastKey = key;
    this.lastMood = x.mood;
    const want = this.want;
    for (let k = 0; k < AUS.length; k++) want[AUS[k]] = 0;
    if (x.moodHeld) holdLevels(want, x.mood.mood);
    if (annoyed) holdLevels(want, TONIC.annoyance);
    if (braced) holdLevels(want, TONIC.braced);
    if (this.away) holdLevels(want, TONIC.wistful);
    if (bored) want.AU43 = Math.max(want.AU43, this.boredomAu43);
    this.arrived = true;
    for (let k = 0; k < AUS.length; k++) {
      const au = AUS[k];
      const e = this.eased[au];
      if (e === want[au]) {
        this.muscles.tonic[au] = e;
        continue;
      }
      this.arrived = false;
      let next = e + (want[au] - e) * this.easeK;
      if (want[au] === 0 && next < 1e-4) next = 0;
      // Within a millionth of its level the ease is over (so a held mood leaves the muscles still).
      if (Math.abs(next - want[au]) < 1e-6) next = want[au];
      this.eased[au] = next;
      this.muscles.tonic[au] = next;
    }
  }

  /** Note a feeling's onset (and play its program) at the step being taken. */
  private readonly feel = (feeling: FeelingKind, scale: number, program?: ProgramId): void => {
    this.out.push({ feeling, atMs: this.now, scale });
    if (program) fireProgram(this.muscles, program, this.now, scale);
  };
  private out: FeelingOnset[] = [];
  private now = 0;

  private drawBoredomMs(): number {
    return this.rng.uniform(FACE.boredomAfterMs.min, FACE.boredomAfterMs.max);
  }
}
