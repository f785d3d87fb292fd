import { Player } from '../model/player.ts';
import { eraAt } from '../model/stage/stage.ts';
import { drawEye } from '../render/draw-eye.ts';
import { parseScene, withSettings } from '../scene/parse.ts';
import type { PointerKey, Scene } from '../scene/scene.ts';
import { pointerInR } from './pointer-in-r.ts';

/** The live page counts display frames at this rate; the model still steps at 240 Hz underneath. */
export const LIVE_FPS = 60;
/** A live pointer key lands this long after it is seen, so the track glides to it (a velocity, not a jump). */
const POINTER_LEAD_S = 1 / 30;
/** After a hidden tab or a stall, catch up at most this much scene time in one display frame. */
const MAX_CATCH_UP_FRAMES = 15;
export const DEFAULT_LIVE_SCENE = '2026-rest';

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
    // The live pointer is recorded into the track as it happens; a scene's own keys would fight it.
    // It starts with one key, "no pointer in the window yet": the model only builds a pointer track
    // when the scene has keys, and it reads the keys live from this array.
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
 * pointer events become keys on the scene's track at the current scene time plus a short lead.
 */
export function startLive(canvas: HTMLCanvasElement, scenes: Record<string, unknown>): void {
  const ctx = canvas.getContext('2d', { alpha: false });
  if (!ctx) throw new Error('eye page: no 2D canvas context');
  const scene = liveScene(scenes, location.search, window.innerWidth, window.innerHeight);
  const player = new Player(scene);
  const track = scene.pointer as PointerKey[];
  const view = { width: scene.width, height: scene.height, era: scene.era, pass: 'color' as const };
  let frame = 0;
  let originMs: number | null = null;

  const resize = (): void => {
    view.width = evenSize(window.innerWidth);
    view.height = evenSize(window.innerHeight);
    canvas.width = view.width;
    canvas.height = view.height;
    canvas.style.width = `${view.width}px`;
    canvas.style.height = `${view.height}px`;
  };
  resize();
  window.addEventListener('resize', resize);

  const pushKey = (kind: PointerKey['kind'], ev?: PointerEvent): void => {
    const nowS = frame / LIVE_FPS;
    const last = track[track.length - 1];
    const tS = Math.max(nowS + POINTER_LEAD_S, last ? last.tS : 0);
    const at = ev ? pointerInR(ev.offsetX, ev.offsetY, view.width, view.height) : { xR: last?.xR ?? 0, yR: last?.yR ?? 0 };
    // Collapse keys for the same instant: the newest position wins (keeps the track short).
    if (last && last.tS === tS && last.kind === kind) track.pop();
    track.push({ tS, xR: at.xR, yR: at.yR, kind });
  };
  canvas.addEventListener('pointermove', (ev) => pushKey('move', ev));
  canvas.addEventListener('pointerdown', (ev) => pushKey('press', ev));
  canvas.addEventListener('pointerleave', () => pushKey('leave'));

  const tick = (nowMs: number): void => {
    if (originMs === null) originMs = nowMs;
    let target = Math.floor(((nowMs - originMs) * LIVE_FPS) / 1000);
    if (target - frame > MAX_CATCH_UP_FRAMES) {
      // A hidden tab or a long stall: resume from here instead of racing through the missed time.
      originMs += ((target - frame - MAX_CATCH_UP_FRAMES) * 1000) / LIVE_FPS;
      target = frame + MAX_CATCH_UP_FRAMES;
    }
    if (target > frame) {
      frame = target;
      const sample = player.goToFrame(frame);
      view.era = eraAt(scene, sample.tMs);
      drawEye(ctx, sample, view);
    }
    requestAnimationFrame(tick);
  };
  drawEye(ctx, player.goToFrame(0), view);
  requestAnimationFrame(tick);
}
