import { describe, expect, it } from 'vitest';
import { Player, simulate } from '../model/player.ts';
import { SAMPLE_FIELDS } from '../model/types.ts';
import { loadScene } from '../node/io/load-scene.ts';
import { withSettings } from '../scene/parse.ts';
import type { Scene } from '../scene/scene.ts';
import { IDLE_DRAW_EVERY_FRAMES, IDLE_STILL_MS, POINTER_IDLE_MS } from '../spec/eye-spec.ts';
import { LiveLoop, type LiveFrame } from './live-loop.ts';

const FPS = 60;
const FRAME_MS = 1000 / FPS;

/** A scene as the live page plays it: 60 fps, the live pointer track (no pointer in the window yet). */
function liveScene(name: string): Scene {
  return withSettings(loadScene(name), { fps: FPS, pointer: [{ tS: 0, xR: 0, yR: 0, kind: 'leave' }] });
}

/**
 * Drive a LiveLoop for `seconds` of display time with a fake requestAnimationFrame clock: ticks
 * mid-frame, with `jitter` ms of wobble and every 7th callback dropped when `dropFrames`; the pointer
 * does something every `pointerEveryMs` (never when null).
 */
function play(scene: Scene, o: { idleThrottle: boolean; seconds: number; jitter?: number; dropFrames?: boolean; pointerEveryMs?: number | null }) {
  const player = new Player(scene);
  const loop = new LiveLoop(player, FPS, { idleThrottle: o.idleThrottle });
  const frames: LiveFrame[] = [];
  const wobble = [0, 0.6, -0.9, 0.3, -0.2, 0.8, -0.5];
  for (let n = 0; n <= o.seconds * FPS; n++) {
    if (o.dropFrames && n % 7 === 3) continue;
    if (o.pointerEveryMs && n > 0 && (n * FRAME_MS) % o.pointerEveryMs < FRAME_MS) loop.pointerActivity();
    const next = loop.tick(n * FRAME_MS + FRAME_MS / 2 + (o.jitter ?? 0) * wobble[n % wobble.length]);
    if (next) frames.push(next);
  }
  return { loop, player, frames };
}

describe('LiveLoop: the live page clock and its idle throttle', () => {
  it('the throttle changes what is painted, never the eye: the trace equals simulate, throttled or not, whatever the display timing', () => {
    const scene = liveScene('2026-rest');
    const throttled = play(scene, { idleThrottle: true, seconds: 20, jitter: 6, dropFrames: true });
    const full = play(scene, { idleThrottle: false, seconds: 20 });
    expect(throttled.loop.drawn).toBeLessThan(throttled.loop.ticked * 0.8); // the throttle did skip frames
    expect(full.loop.drawn).toBe(full.loop.ticked);
    const a = throttled.player.recorder.trace();
    const b = full.player.recorder.trace();
    // The jittery display ends a frame or two short of the steady one: compare where both have run.
    const frame = Math.min(throttled.loop.frame, full.loop.frame);
    expect(frame).toBeGreaterThan(20 * FPS - 3);
    const n = frame * (240 / FPS) + 1;
    const ref = simulate(scene, frame / FPS);
    expect(ref.columns.tMs.length).toBe(n);
    for (const f of SAMPLE_FIELDS) {
      expect(Array.from(a.columns[f].subarray(0, n)), f).toEqual(Array.from(ref.columns[f]));
      expect(Array.from(b.columns[f].subarray(0, n)), f).toEqual(Array.from(ref.columns[f]));
    }
    expect(a.events.filter((e) => e.endMs <= ref.columns.tMs[n - 1])).toEqual(ref.events);
  });

  it('a drawn frame shows the eye at its own time: skipped time is carried, the clock never slows', () => {
    const { frames } = play(liveScene('2000-script'), { idleThrottle: true, seconds: 20, dropFrames: true });
    const drawn = frames.filter((f) => f.draw);
    for (const f of drawn) expect(f.sample.tMs, `frame ${f.frame}`).toBeCloseTo(f.frame * FRAME_MS, 9);
    // The last drawn frame is at most two display frames behind the wall clock's frame.
    expect(frames[frames.length - 1].frame - drawn[drawn.length - 1].frame).toBeLessThan(IDLE_DRAW_EVERY_FRAMES);
    // Many drawn frames follow skipped ones (the throttle, the dropped callbacks); each is on time (above).
    const afterSkips = drawn.slice(1).filter((f, i) => f.frame - drawn[i].frame >= IDLE_DRAW_EVERY_FRAMES);
    expect(afterSkips.length).toBeGreaterThan(100);
  });

  it('draws 20 frames a second idle and still, 60 with the pointer active', () => {
    const scene = liveScene('2000-script');
    const idle = play(scene, { idleThrottle: true, seconds: 30 });
    const active = play(scene, { idleThrottle: true, seconds: 30, pointerEveryMs: 500 });
    expect(active.loop.drawn).toBe(active.loop.ticked);
    // Each whole second of the idle run (after the pointer's 2.8 s) with no motion since 0.25 s before it.
    const stillFrames = (IDLE_STILL_MS / 1000) * FPS;
    let stillSeconds = 0;
    for (let s = Math.ceil(POINTER_IDLE_MS / 1000); s < 30; s++) {
      const inSecond = idle.frames.filter((f) => f.frame >= s * FPS - stillFrames && f.frame < (s + 1) * FPS);
      if (inSecond.some((f) => f.motion !== null)) continue;
      stillSeconds++;
      expect(inSecond.filter((f) => f.draw && f.frame >= s * FPS).length, `second ${s}`).toBe(FPS / IDLE_DRAW_EVERY_FRAMES);
    }
    expect(stillSeconds).toBeGreaterThan(5);
  });

  it('saccades, blinks and cuts always draw: every display frame after an event begins is drawn to its end', () => {
    // The tour: ten eras, their cuts, scripted saccades and blinks, no pointer (idle all along).
    const scene = liveScene('tour');
    const { frames, player } = play(scene, { idleThrottle: true, seconds: 40 });
    const byFrame = new Map(frames.map((f) => [f.frame, f]));
    const seen: Record<string, number> = {};
    for (const e of player.recorder.trace().events) {
      // The face's labels (senses, feelings, muscle and brow onsets) mark causes, not movements of their own span.
      if (e.kind === 'sense' || e.kind === 'feeling' || e.kind === 'muscle' || e.kind === 'brow') continue;
      if (e.kind === 'microsaccade' && e.amplitudeDeg < 0.2) continue; // may show up to 2 frames late (frame-motion.ts)
      // The first display frame at or after an event's start may show no movement yet (a blink's closure
      // is 0 at its start, a saccade's first milliseconds barely move); from the next one on, all draw.
      const first = Math.floor((e.startMs * FPS) / 1000) + 2;
      const last = Math.min(Math.floor((e.endMs * FPS) / 1000), 40 * FPS);
      const what = `${e.kind} ${e.startMs.toFixed(0)}–${e.endMs.toFixed(0)} ms`;
      for (let f = first; f <= last; f++) expect(byFrame.get(f)?.draw, `${what}, frame ${f}`).toBe(true);
      // And it is seen as motion (a microsaccade lasts ~1.5 frames: this is what holds it).
      const during: (LiveFrame | undefined)[] = [];
      for (let f = first - 1; f <= last + 1; f++) during.push(byFrame.get(f));
      expect(during.some((f) => f?.draw && f.motion !== null), `${what} drawn as motion`).toBe(true);
      seen[e.kind] = (seen[e.kind] ?? 0) + 1;
    }
    expect(Object.keys(seen).sort()).toEqual(['blink', 'cut', 'microsaccade', 'saccade']);
    expect(frames.filter((f) => !f.draw).length).toBeGreaterThan(200); // and it did throttle in between
  });
});
