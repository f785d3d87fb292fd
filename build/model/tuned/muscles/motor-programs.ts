import { FACE } from '../../../spec/eye-spec.ts';
import type { Au, Muscles } from './muscles.ts';

/** The face's phasic acts (eye.md §7's motor programs). */
export type ProgramId = 'greeting' | 'surprise' | 'wince' | 'wary' | 'flash';

/** One muscle in a program: when after the impulse it fires, how hard, for how long. */
export interface ProgramStep {
  au: Au;
  delayMs: number;
  level: number;
  holdMs: number;
}

/**
 * Each impulse fires its muscles in its own order (eye.md §7, seed 000):
 * - greeting (delight): the brow flashes up (AU1 + AU2, reaching ~90 % in ~100 ms at λ 22), the
 *   smiling eyes (AU6) trail by ~180 ms;
 * - surprise (a dart): the lids widen (AU5) and the brows follow 30–50 ms later (40 ms);
 * - wince (a poke): the lids tighten and close a little (AU7, AU43), the brow lowers (AU4) ~50 ms later;
 * - wary (the third startle in a row): a guarded stare, lids tightened first, a held frown after, long;
 * - flash (2026, meeting the visitor's eyes again): a short, small eyebrow flash.
 * Levels and holds are our choices, kept inside the brow's frame (a full greeting lifts ~1.5 mm).
 */
export const MOTOR_PROGRAMS: Record<ProgramId, readonly ProgramStep[]> = {
  greeting: [
    { au: 'AU1', delayMs: 0, level: 0.55, holdMs: 260 },
    { au: 'AU2', delayMs: 0, level: 0.55, holdMs: 260 },
    { au: 'AU6', delayMs: FACE.delightAu6TrailMs.value, level: 0.5, holdMs: 700 },
  ],
  surprise: [
    { au: 'AU5', delayMs: 0, level: 0.8, holdMs: 420 },
    { au: 'AU1', delayMs: FACE.surpriseLidLeadMs.value, level: 0.6, holdMs: 420 },
    { au: 'AU2', delayMs: FACE.surpriseLidLeadMs.value, level: 0.6, holdMs: 420 },
  ],
  wince: [
    { au: 'AU7', delayMs: 0, level: 0.7, holdMs: 300 },
    { au: 'AU43', delayMs: 0, level: 0.35, holdMs: 200 },
    { au: 'AU4', delayMs: FACE.winceLidLeadMs.value, level: 0.7, holdMs: 350 },
  ],
  wary: [
    { au: 'AU7', delayMs: 0, level: 0.4, holdMs: 1500 },
    { au: 'AU4', delayMs: FACE.winceLidLeadMs.value, level: 0.45, holdMs: 1500 },
  ],
  flash: [
    { au: 'AU1', delayMs: 0, level: 0.3, holdMs: 180 },
    { au: 'AU2', delayMs: 0, level: 0.3, holdMs: 180 },
  ],
};

/** How long a program plays from its impulse until its last pulse ends, ms. */
export function programSpanMs(id: ProgramId): number {
  return Math.max(...MOTOR_PROGRAMS[id].map((s) => s.delayMs + s.holdMs));
}

/** Fire program `id` at `tMs`, its levels × `scale` (habituation, mirroring, an era's greeting). */
export function fireProgram(muscles: Muscles, id: ProgramId, tMs: number, scale: number): void {
  for (const s of MOTOR_PROGRAMS[id]) muscles.drive(s.au, tMs + s.delayMs, s.holdMs, Math.min(1, s.level * scale), id);
}
