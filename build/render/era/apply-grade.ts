import type { EraId } from '../../scene/scene.ts';
import type { GradeStep } from './era-looks.ts';
import { ERA_LOOKS } from './era-looks.ts';
import type { KeepDark } from './keep-dark.ts';
import { visiblePupilPx } from './keep-dark.ts';
import { NOISE_FRAMES, TIME_VARYING, overlayFor } from './overlays.ts';

/** The webcam's noise changes at 15 Hz, by scene time: deterministic for a given sample. */
export const NOISE_FRAME_MS = 1000 / 15;

/**
 * The noise's frame at a sample's scene time: with its sample, all of time that reaches a frame's
 * picture. A frame time a whole number of grain steps in (every other frame's at 30 fps) counts as on
 * that step: k·1000/30 ÷ 1000/15 came out a hair under k/2 for 135 of 600 frames, so the noise's
 * frames fell unevenly and a still panel's never cycled (held-panel.ts).
 */
export function noiseFrame(tMs: number): number {
  return Math.floor(tMs / NOISE_FRAME_MS + 1e-9) % NOISE_FRAMES;
}

/** Whether an era's grade changes with scene time (an eye that holds still then shows noiseFrame's cycle, else one picture). */
export function gradeVariesInTime(era: EraId): boolean {
  return ERA_LOOKS[era].steps.some((s) => s.kind === 'overlay' && TIME_VARYING.has(s.overlay));
}

/** A step as executed: multiply runs are merged into one pre-multiplied layer per era and size. */
type Planned = GradeStep | { kind: 'multiplied'; layer: HTMLCanvasElement };

const plans = new Map<string, Planned[]>();
const scratch = new Map<string, CanvasRenderingContext2D>();

function canvas2d(w: number, h: number): CanvasRenderingContext2D {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  const ctx = c.getContext('2d');
  if (!ctx) throw new Error('renderer: no 2D canvas context');
  return ctx;
}

function isMultiply(s: GradeStep): boolean {
  return s.kind !== 'resample' && s.op === 'multiply' && !(s.kind === 'overlay' && s.overlay === 'noise');
}

/**
 * Consecutive `multiply` steps compose into one: multiplying by s at alpha α is multiplying by
 * (1 − α + α·s), and products commute. So a run becomes one layer (white, multiplied by each in
 * turn), painted once, and costs a single blit per frame.
 */
function plan(era: EraId, w: number, h: number): Planned[] {
  const key = `${era}:${w}x${h}`;
  let p = plans.get(key);
  if (p) return p;
  p = [];
  const steps = ERA_LOOKS[era].steps;
  for (let i = 0; i < steps.length; ) {
    if (!isMultiply(steps[i])) {
      p.push(steps[i++]);
      continue;
    }
    const layer = canvas2d(w, h);
    layer.fillStyle = '#fff';
    layer.fillRect(0, 0, w, h);
    while (i < steps.length && isMultiply(steps[i])) {
      const s = steps[i++];
      layer.globalCompositeOperation = 'multiply';
      layer.globalAlpha = s.kind === 'resample' ? 1 : s.alpha;
      if (s.kind === 'fill') {
        layer.fillStyle = s.color;
        layer.fillRect(0, 0, w, h);
      } else if (s.kind === 'overlay') {
        layer.drawImage(overlayFor(s.overlay, w, h), 0, 0);
      }
    }
    p.push({ kind: 'multiplied', layer: layer.canvas });
  }
  plans.set(key, p);
  return p;
}

/** Composite operations that lighten black: the only grade steps that could lift a pupil. */
const LIFTS_BLACK: ReadonlySet<GlobalCompositeOperation> = new Set<GlobalCompositeOperation>(['screen', 'lighter', 'lighten', 'color-dodge']);

/**
 * Show the finished frame through the era's medium (era-looks.ts). Works on the whole canvas in
 * device pixels, after the eye is drawn, so the eye's geometry is the same in every era. The grade
 * changes the light on the face, not the pupil's darkness: a step that lightens black (a medium's
 * lifted, tinted blacks) skips the visible pupil (`keepDark`). Every other step leaves black black
 * (multiply, overlay, soft-light, colour), so the pupil stays as dark as it was drawn.
 */
export function applyEraGrade(ctx: CanvasRenderingContext2D, w: number, h: number, era: EraId, tMs: number, keepDark?: KeepDark, grain = true): void {
  const steps = plan(era, w, h);
  if (steps.length === 0) return;
  const pupil = keepDark ? visiblePupilPx(keepDark) : [];
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.filter = 'none';
  for (const step of steps) {
    if (!grain && step.kind === 'overlay' && step.overlay === 'grain') continue;
    ctx.globalAlpha = 1;
    ctx.globalCompositeOperation = 'source-over';
    if (step.kind === 'multiplied') {
      ctx.globalCompositeOperation = 'multiply';
      ctx.drawImage(step.layer, 0, 0);
    } else if (step.kind === 'resample') {
      // Down with bilinear ('low': mipmapped 'medium' costs ~6× more), back up nearest (a smoothed
      // upscale costs ~8× more in a software canvas, and the medium's pixels are square anyway).
      const sw = Math.max(1, Math.round(w / step.factor));
      const sh = Math.max(1, Math.round(h / step.factor));
      const key = `${sw}x${sh}`;
      let small = scratch.get(key);
      if (!small) {
        small = canvas2d(sw, sh);
        scratch.set(key, small);
      }
      small.imageSmoothingEnabled = true;
      small.imageSmoothingQuality = 'low';
      small.drawImage(ctx.canvas, 0, 0, w, h, 0, 0, sw, sh);
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(small.canvas, 0, 0, sw, sh, 0, 0, w, h);
      ctx.imageSmoothingEnabled = true;
    } else if (step.kind === 'fill') {
      ctx.globalCompositeOperation = step.op;
      ctx.globalAlpha = step.alpha;
      ctx.fillStyle = step.color;
      if (pupil.length > 0 && LIFTS_BLACK.has(step.op)) {
        // The frame less the visible pupil (even-odd: the pupil is a hole in the rectangle).
        ctx.beginPath();
        ctx.rect(0, 0, w, h);
        ctx.moveTo(pupil[0], pupil[1]);
        for (let i = 2; i < pupil.length; i += 2) ctx.lineTo(pupil[i], pupil[i + 1]);
        ctx.closePath();
        ctx.fill('evenodd');
      } else {
        ctx.fillRect(0, 0, w, h);
      }
    } else {
      ctx.globalCompositeOperation = step.op;
      ctx.globalAlpha = step.alpha;
      ctx.drawImage(overlayFor(step.overlay, w, h, noiseFrame(tMs)), 0, 0);
    }
  }
  ctx.restore();
}
