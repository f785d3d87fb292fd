import { FACE } from '../../spec/eye-spec.ts';
import type { EraId } from '../../scene/scene.ts';
import type { BrowAu } from '../tuned/muscles/muscles.ts';

/**
 * When an era's mood is held (eye.md §7: a mood reads the eye, not the pointer):
 * `always`; `lens`: only while the eye is up at the lens (2013's selfie); `contact`: only in eye
 * contact, the gaze within ~4° of the visitor (2026).
 */
export type MoodWhen = 'always' | 'lens' | 'contact';

export interface EraBrow {
  /** Tonic brow-muscle levels the era holds (0..1). */
  mood: Partial<Record<BrowAu, number>>;
  when: MoodWhen;
  /** Chance of an eyebrow flash on meeting the visitor's eyes again (2026: "now and then"). */
  flashChance: number;
  /** Scale on what the visitor makes the face feel (2026 mirrors × 1.2; 1 elsewhere). */
  mirror: number;
}

/** 2013's lens in rig units, and how near the eye must be to count as at it (0.1 unit = 1°). */
export const LENS_RIG = { x: 0, y: 0.45, radius: 0.1 } as const;

/**
 * Each era's own mood (seed 000's ERA_BROW, B4: a task's expression, as its gaze is a task's gaze).
 * The levels are our choices, small: reading and staring at a search box knit the brow a little (AU4),
 * a busy page keeps it a little raised, 2013 lifts at the lens (~1.4 mm, the selfie face), 2026 holds a
 * soft raise in eye contact.
 */
const base = (mood: EraBrow['mood'], when: MoodWhen = 'always'): EraBrow => ({ mood, when, flashChance: 0, mirror: 1 });
export const ERA_BROW: Record<EraId, EraBrow> = {
  '1970': base({ AU4: 0.08 }),
  '1981': base({}),
  '1991': base({ AU4: 0.05 }),
  '1995': base({ AU1: 0.1, AU2: 0.1 }),
  '1997': base({}),
  '2000': base({ AU4: 0.12 }),
  '2003': base({ AU1: 0.08 }),
  '2009': base({ AU4: 0.06 }),
  '2013': base({ AU1: 0.5, AU2: 0.5 }, 'lens'),
  '2026': { mood: { AU1: 0.2, AU2: 0.2 }, when: 'contact', flashChance: 0.35, mirror: FACE.mirrorScale },
};
