import { Player } from '../model/player.ts';
import { STEP_HZ } from '../spec/eye-spec.ts';
import { PointerTrack } from '../model/pointer/pointer-track.ts';
import type { SampleField } from '../model/types.ts';
import { drawEye } from '../render/draw-eye.ts';
import { parseScene, withSettings } from '../scene/parse.ts';
import type { PointerKey, Scene } from '../scene/scene.ts';
import { LiveLoop } from './live-loop.ts';
import { pointerInR } from './pointer-in-r.ts';

/** The live page counts display frames at this rate; the model still steps at 240 Hz underneath. */
export const LIVE_FPS = 60;
/** How much of its 240 Hz recording the live page keeps (window.__eyeLive.trace): the newest 2–4 minutes. */
export const LIVE_TRACE_KEEP_S = 240;
/** The newest pointer events window.__eyeLive.pointerEvents lists (pointerEventCount counts them all). */
export const LIVE_POINTER_LOG = 256;
/** A live pointer key lands this long after it is seen, so the track glides to it (a velocity, not a jump). */
const POINTER_LEAD_S = 1 / 30;
export const DEFAULT_LIVE_SCENE = '2026-rest';

/** What the live page reports about itself as `window.__eyeLive` (read by tests and benchmarks). */
export interface LiveStats {
  /** Whether the idle throttle is on (`?idleThrottle=0` turns it off). */
  idleThrottle: boolean;
  /** The display frame the page is at, frames stepped to and frames painted since it opened. */
  frame: number;
  /** The eye's clock: the model's time at the latest display frame, ms. */
  sampleMs: number;
  ticked: number;
  drawn: number;
  /** The newest LIVE_POINTER_LOG pointer events the page turned into keys, in order: their kind and the display frame they came at. */
  readonly pointerEvents: readonly { kind: PointerKey['kind']; frame: number }[];
  /** How many pointer events the page has turned into keys since it opened. */
  readonly pointerEventCount: number;
  /** The kept 240 Hz samples (every one for the first LIVE_TRACE_KEEP_S), the named fields only (a copy). */
  trace(fields: SampleField[]): Record<string, number[]>;
}

declare global {
  interface Window {
    __eyeLive?: LiveStats;
  }
}

/**
 * Pick the live scene from the URL: `?scene=1995-rest` (one of the embedded scene files, default
 * 2026-rest), then optional `era`, `mode`, `preset`, `seed`, `calm=1`, `reducedMotion=1` overrides.
 */
export function liveScene(scenes: Record<string, unknown>, search: string, widthPx: number, heightPx: number): Scene {
  const q = new URLSearchParams(search);
  const name = q.get('scene') ?? DEFAULT_LIVE_SCENE;
  const raw = scenes[name] ?? scenes[DEFAULT_LIVE_SCENE] ?? { era: '2026', mode: 'rest' };
  const base = parseScene(raw, `${name}.json`, name);
  const flag = (k: string) => (q.has(k) ? q.get(k) === '1' || q.get(k) === 'true' : undefined);
  const settings: Partial<Omit<Scene, 'name'>> = {
    era: (q.get('era') as Scene['era'] | null) ?? undefined,
    mode: (q.get('mode') as Scene['mode'] | null) ?? undefined,
    preset: (q.get('preset') as Scene['preset'] | null) ?? undefined,
    seed: q.has('seed') ? Number(q.get('seed')) : undefined,
    calm: flag('calm'),
    reducedMotion: flag('reducedMotion'),
    fps: LIVE_FPS,
    width: evenSize(widthPx),
    height: evenSize(heightPx),
    // The live pointer is recorded as it happens (an input channel made from these keys); a scene's own
    // keys would fight it. It starts with one key, "no pointer in the window yet", so the model follows
    // a pointer here as in a scene with keys (and Node's simulation of this scene is the same eye).
    pointer: [{ tS: 0, xR: 0, yR: 0, kind: 'leave' }],
  };
  return withSettings(base, settings, 'URL');
}

function evenSize(px: number): number {
  return Math.max(64, Math.min(3840, Math.floor(px / 2) * 2));
}

/**
 * Live mode: the same Player and drawEye as render mode, driven by requestAnimationFrame and the real
 * pointer. Display time is counted in whole frames at LIVE_FPS (frame / fps, like the film clock);
 * pointer events become keys on the scene's track at the current scene time plus a short lead. Idle
 * and still, it paints one display frame in three (LiveLoop, eye.md §8 idle cost); `?idleThrottle=0`
 * paints every frame.
 */
export function startLive(canvas: HTMLCanvasElement, scenes: Record<string, unknown>): void {
  const ctx = canvas.getContext('2d', { alpha: false });
  if (!ctx) throw new Error('eye page: no 2D canvas context');
  const scene = liveScene(scenes, location.search, window.innerWidth, window.innerHeight);
  // The pointer reaches the model as an input channel the page appends to; the scene stays as parsed.
  // The tab may stay open for hours: the track forgets the keys it has passed, the recording keeps a window.
  const pointer = new PointerTrack(scene.pointer, true);
  const player = new Player(scene, { pointer }, LIVE_TRACE_KEEP_S * STEP_HZ);
  const idleThrottle = new URLSearchParams(location.search).get('idleThrottle') !== '0';
  const loop = new LiveLoop(player, LIVE_FPS, { idleThrottle });
  /** The sample on the canvas's clock now (drawn or throttled), for a repaint after a resize. */
  let last = loop.first;
  const view = { width: scene.width, height: scene.height, era: scene.era, pass: 'color' as const };

  const resize = (): void => {
    view.width = evenSize(window.innerWidth);
    view.height = evenSize(window.innerHeight);
    canvas.width = view.width;
    canvas.height = view.height;
    canvas.style.width = `${view.width}px`;
    canvas.style.height = `${view.height}px`;
    // Resizing clears the canvas: paint the current sample now, throttled or not.
    drawEye(ctx, last, view);
  };

  const pointerEvents: { kind: PointerKey['kind']; frame: number }[] = [];
  let pointerEventCount = 0;
  const pushKey = (kind: PointerKey['kind'], ev?: PointerEvent): void => {
    loop.pointerActivity();
    pointerEventCount++;
    pointerEvents.push({ kind, frame: loop.frame });
    if (pointerEvents.length > LIVE_POINTER_LOG) pointerEvents.splice(0, pointerEvents.length - LIVE_POINTER_LOG);
    const nowS = loop.frame / LIVE_FPS;
    const prev = pointer.last;
    const tS = Math.max(nowS + POINTER_LEAD_S, prev ? prev.tS : 0);
    const at = ev ? pointerInR(ev.offsetX, ev.offsetY, view.width, view.height) : { xR: prev?.xR ?? 0, yR: prev?.yR ?? 0 };
    pointer.push({ tS, xR: at.xR, yR: at.yR, kind });
  };
  canvas.addEventListener('pointermove', (ev) => pushKey('move', ev));
  canvas.addEventListener('pointerdown', (ev) => pushKey('press', ev));
  canvas.addEventListener('pointerleave', () => pushKey('leave'));

  window.__eyeLive = {
    idleThrottle,
    get frame() {
      return loop.frame;
    },
    get sampleMs() {
      return loop.sampleMs;
    },
    get ticked() {
      return loop.ticked;
    },
    get drawn() {
      return loop.drawn;
    },
    pointerEvents,
    get pointerEventCount() {
      return pointerEventCount;
    },
    trace(fields) {
      const columns = player.recorder.trace().columns;
      return Object.fromEntries(fields.map((f) => [f, Array.from(columns[f])]));
    },
  };

  const tick = (nowMs: number): void => {
    const next = loop.tick(nowMs);
    if (next) {
      last = next.sample;
      if (next.draw) {
        view.era = next.sample.era;
        drawEye(ctx, next.sample, view);
      }
    }
    requestAnimationFrame(tick);
  };
  resize();
  window.addEventListener('resize', resize);
  requestAnimationFrame(tick);
}
