import type { Random } from '../../random/random.ts';
import type { Scene } from '../../../scene/scene.ts';
import { scenePointer, type PointerTrack } from '../../pointer/pointer-track.ts';
import type { GazeProcess } from './gaze-process.ts';
import { StillGaze } from './still-gaze.ts';
import { TunedGaze } from './tuned-gaze.ts';

/**
 * The tuned eye's gaze (eye.md §1–3, §8): fixations, main-sequence saccades with undershoot and
 * correction, microsaccades, OU drift, pursuit of the pointer with catch-up saccades, eye contact at
 * rest and the ten era scripts, stepped at 240 Hz. Pure and deterministic: each sub-process draws from
 * its own child of `rng` (`saccade`, `micro`, `micro-clock`, `drift`, `pattern/<n>:<era>` with its
 * `fixation` and `pattern` children), so one's draws never reshuffle another's.
 *
 * How it runs:
 * - Motion happens in eye degrees (what the detector sees), so the main sequence and microsaccade
 *   sizes hold in the output; pattern and pointer positions come from rig units through the pitch
 *   shaping. The eye is its fixation point (anchor) plus OU drift, or a saccade in flight.
 * - Times are continuous: a movement starts when it is due (a fixation's end, a correction's
 *   latency) and the steps sample it, so drawn fixations, latencies and durations are kept exactly.
 * - A fixation is timed from the last landing of its movement (a corrective's, when there is one), so
 *   the detector's fixation (corrective merged with its primary) is the drawn one.
 *
 * Choices where eye.md is silent:
 * - `followGain` is where the eye looks, not how fast: goal = pattern point + follow·(pointer −
 *   pattern point). The pursuit's velocity gain is separate (0.85, 2026 0.97).
 * - The pointer (an input channel: a scene's keys, or the live page's events) is followed while it is
 *   in the window and has done something in the last 2.8 s (pointer-follow.ts); while it is followed
 *   the script pauses; when it goes idle or leaves, the eye saccades back to where the script was and
 *   the script resumes.
 * - Catch-up saccades keep a 150 ms refractory after a landing. Catch-up thresholds: ERA_GAZE.
 * - Vergence: from the era's device distance in a script, 0 at rest (the eye looks at the visitor).
 * - Calm scales the pointer's angles by 0.6 too (they are gaze amplitudes), and the scroll speed.
 *
 * Reduced motion: the eye rests at (0, 0), ignores the pointer and never moves.
 */
export function createGaze(scene: Scene, rng: Random, pointer: PointerTrack | null = scenePointer(scene)): GazeProcess {
  return scene.reducedMotion ? new StillGaze(scene) : new TunedGaze(scene, rng, pointer);
}
