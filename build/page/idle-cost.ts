import { POINTER_IDLE_MS } from '../model/tuned/gaze/create-gaze.ts';

/**
 * The live page's idle cost (eye.md §8): with the pointer idle longer than POINTER_IDLE_MS (2.8 s, the
 * model's own "at rest", so idle means one thing everywhere) and nothing moved for IDLE_STILL_MS, the
 * page draws one display frame in IDLE_DRAW_EVERY_FRAMES. These are the spec's numbers; read them here.
 */
export { POINTER_IDLE_MS };
/** Nothing has moved for this long before the page slows its drawing (eye.md §8). */
export const IDLE_STILL_MS = 250;
/** Idle and still, one display frame in this many is drawn (eye.md §8). */
export const IDLE_DRAW_EVERY_FRAMES = 3;
