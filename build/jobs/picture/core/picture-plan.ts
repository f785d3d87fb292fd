import { Player } from '../../../model/player.ts';
import { cutClosureAt, eraAt } from '../../../model/stage/stage.ts';
import { frameCount, frameTimeMs } from '../../../model/time/clock.ts';
import type { Scene } from '../../../scene/scene.ts';

/** One blink (or a double, or blinks that overlap) as the film shows it. */
export interface BlinkEpisode {
  /** The last open frame before the lids start to move: the skin is compared against it. */
  refFrame: number;
  /** Every frame of the episode, first to last (inclusive). */
  firstFrame: number;
  lastFrame: number;
  /** The frames compared with refFrame: all of them, less any shown in another era than refFrame's. */
  frames: number[];
  /** How many blink events (the generator's labels) it holds. */
  blinks: number;
}

export interface PicturePlan {
  frames: number;
  episodes: BlinkEpisode[];
}

/** A closure this small is open (the blink shape's creep ends in float dust, not exactly 0). */
const OPEN_CLOSURE = 1e-3;

/**
 * Which frames are blink frames, from the model the page runs (the same Player, so the same samples
 * frame for frame): a frame is a blink frame when its time lies inside a blink event of the trace
 * (start to end, the creep included) or the blink process has the lids off open. A tour's cut also
 * moves the lids, so its frames join the episode (the open frame is taken before it), but the era
 * changes while the lid is shut there: frames shown in another era than the open frame's are a
 * different medium, not changed skin, and are left out of the comparison. Touching runs merge into
 * one episode (a double's second blink is compared with the open frame before the first); an episode
 * that starts at frame 0 has no open frame before it and is left out.
 */
export function planPicture(scene: Scene): PicturePlan {
  const frames = frameCount(scene.durationS, scene.fps);
  const player = new Player(scene);
  const closure: number[] = [];
  for (let f = 0; f < frames; f++) closure.push(Math.max(player.goToFrame(f).blinkClosure, cutClosureAt(scene, frameTimeMs(f, scene.fps))));
  player.goToFrame(frames);
  const events = player.recorder.trace().events.filter((e) => e.kind === 'blink');
  const inBlink = (f: number) => {
    const t = frameTimeMs(f, scene.fps);
    return closure[f] > OPEN_CLOSURE || events.some((e) => t >= e.startMs && t <= e.endMs);
  };
  const era = (f: number) => eraAt(scene, frameTimeMs(f, scene.fps));
  const episodes: BlinkEpisode[] = [];
  for (let f = 0; f < frames; f++) {
    if (!inBlink(f)) continue;
    const first = f;
    while (f + 1 < frames && inBlink(f + 1)) f++;
    if (first === 0) continue;
    const t0 = frameTimeMs(first, scene.fps);
    const t1 = frameTimeMs(f, scene.fps);
    const blinks = events.filter((e) => e.endMs >= t0 && e.startMs <= t1).length;
    const same: number[] = [];
    for (let g = first; g <= f; g++) if (era(g) === era(first - 1)) same.push(g);
    episodes.push({ refFrame: first - 1, firstFrame: first, lastFrame: f, frames: same, blinks });
  }
  return { frames, episodes };
}
