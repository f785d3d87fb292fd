import { Sha256 } from '../core/hash/sha256.ts';
import { restSample } from '../model/anatomy/rest.ts';
import { Player } from '../model/player.ts';
import { emptyPointerSample, scenePointer, type PointerSample, type PointerTrack } from '../model/pointer/pointer-track.ts';
import type { TraceChunk } from '../model/trace.ts';
import { frameCount, frameTimeMs } from '../model/time/clock.ts';
import type { EyeSample } from '../model/types.ts';
import type { Scene } from '../scene/scene.ts';

/** What the page hands the renderer for one frame: the model's sample, the frame's time, the visitor's pointer. */
export interface FrameInput {
  sample: EyeSample;
  timeMs: number;
  /** The scene's pointer at the frame's time (null: none, or out of the window). */
  pointer: PointerSample | null;
}

/**
 * The grid a digest rounds every number to, in the number's own unit (degrees, mm, ms, an activation's
 * 0–1, the frame's scale): 1e-6 mm is ~3e-5 px at 1280×720, so streams that agree on this grid draw
 * the same picture, to an occasional 8-bit rounding. It is needed: Node's and Chromium's Math.exp,
 * sin, log, pow, atan2 … differ in the last bit for some inputs (measured: 5–15 % of them, ≤ 2.3e-16
 * relative), so the page's samples equal Node's to ~1e-15, not bit for bit, and an exact digest would
 * never match. A value that differs across a grid line between the two (~1e-9 odds a number) makes the
 * page's digest differ from Node's: that film is published but not cached (render-cached.ts).
 */
export const FEED_GRID = 1e-6;

/** JSON on FEED_GRID that tells NaN and ±Infinity apart (plain JSON writes all three as null). */
function onGrid(_k: string, v: unknown): unknown {
  if (typeof v !== 'number') return v;
  if (!Number.isFinite(v)) return String(v);
  const r = Math.round(v / FEED_GRID) * FEED_GRID;
  // Printed to the grid's digits (r itself carries binary noise below it), −0 as 0.
  return Number(r.toFixed(6)) + 0;
}

/**
 * The one road from the model to the renderer in render mode: the page draws only what this hands it
 * (each frame's sample, time and pointer, and the rest sample the mask pass calibrates on), and it
 * hashes every record as it hands it out (on FEED_GRID). Node runs the same class at the same frames
 * (feedOf), and a film is stored under its key only when the page's digest at the end of the film
 * equals the digest Node put in that key: an entry is keyed by the sample stream it was drawn from. (The renderer's own code, the
 * page bundle minus the Player's import graph, is the key's other half: build/node/cache/renderer-code.ts.)
 */
export class FrameFeed {
  readonly frameCount: number;
  /** The eye at rest (the mask pass's brow reference). */
  readonly rest: EyeSample;
  private readonly player: Player;
  private readonly pointerTrack: PointerTrack | null;
  private readonly pointerNow = emptyPointerSample();
  private readonly hash = new Sha256();
  private hashed = -1;
  private done: string | null = null;

  constructor(readonly scene: Scene) {
    this.player = new Player(scene);
    this.pointerTrack = scenePointer(scene);
    this.frameCount = frameCount(scene.durationS, scene.fps);
    this.rest = restSample();
    this.hash.update(JSON.stringify({ frameCount: this.frameCount, rest: this.rest }, onGrid)).update('\n');
  }

  /** Step to `frame` (forward only) and hand out what it draws; each frame enters the digest once, in order. */
  at(frame: number): FrameInput {
    if (this.done !== null) throw new Error('frame feed: at() after digest()');
    const sample = this.player.goToFrame(frame);
    const timeMs = frameTimeMs(frame, this.scene.fps);
    const p = this.pointerTrack ? this.pointerTrack.sampleAt(timeMs, this.pointerNow) : null;
    const input: FrameInput = { sample, timeMs, pointer: p?.present ? p : null };
    if (frame > this.hashed) {
      this.hash.update(JSON.stringify({ frame, ...input }, onGrid)).update('\n');
      this.hashed = frame;
    }
    return input;
  }

  /** The model's 240 Hz samples and events since the last read (trace.json's source). */
  readTrace(): TraceChunk {
    return this.player.recorder.drainChunk();
  }

  /** sha256 of every record handed out so far, 64 hex digits (ends the feed). */
  digest(): string {
    this.done ??= this.hash.hex();
    return this.done;
  }
}

/**
 * A scene's feed as the page draws it in a film: every frame from 0 to frameCount (the last only
 * stepped to, the trace's end), its digest and the model's trace.
 */
export function feedOf(scene: Scene): { digest: string; trace: TraceChunk; frameCount: number } {
  const feed = new FrameFeed(scene);
  for (let f = 0; f <= feed.frameCount; f++) feed.at(f);
  return { digest: feed.digest(), trace: feed.readTrace(), frameCount: feed.frameCount };
}

/**
 * The digest a page gives after load (which draws frame 0) and goToFrame over `frames` (ascending):
 * a chunk of a film starting mid-film (build/jobs/render/node/render-chunk.ts) is held to it. Each
 * frame's record is the film's (the model's sample at a frame does not depend on the frames visited
 * before it: frame-feed.test.ts), so chunks that each match draw the film's stream.
 */
export function feedDigestAt(scene: Scene, frames: Iterable<number>): string {
  const feed = new FrameFeed(scene);
  feed.at(0);
  for (const f of frames) feed.at(f);
  return feed.digest();
}
