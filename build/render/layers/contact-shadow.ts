import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { tracePolyline } from '../assets/mm-draw.ts';
import { makeLayer, type Layer } from '../assets/canvas.ts';
import { stackedBandAlphas } from './band-stack.ts';
import { polylineBoundsPx } from './bounds.ts';

/**
 * The soft contact shadow the upper lid and its lashes throw on the upper sclera and iris: darkest at
 * the margin, gone SHADOW_DEPTH_MM below it. In photographs it is a plain darkening of the iris's top
 * third under the lid, following the margin's curve into both corners, with no edge of its own.
 *
 * Drawn on the globe before the lids go over it, as SHADOW_BANDS strokes of the margin itself, each
 * twice as wide as the depth it shades (the lid hides the half above the margin): round joins keep
 * every band at the same distance from the margin along its whole curve (a radial gradient about one
 * circle did not, and in up-and-sideways gaze left a grey wedge with a hard edge across the white),
 * and the strokes' alphas are solved so the stack follows shadowProfile (fewer than ~20 show their
 * steps on the white). The stack depends on the margin alone, so it is drawn into a layer when the
 * margin moves, and that layer is blitted into the face layer behind the lids when they move
 * (face-layer.ts), so a frame whose lids hold still costs nothing here.
 */
export const SHADOW_DEPTH_MM = 2.8;
const SHADOW_BANDS = 24;
/** Shade at the margin, and how it falls to 0 at the depth (exponent of 1 − t/depth). */
const SHADOW_AT_MARGIN = 0.62;
const SHADOW_FALLOFF = 1.7;

/** The stack's alpha at depth t (0 … 1 of SHADOW_DEPTH_MM). */
export function shadowProfile(t: number): number {
  return t >= 1 ? 0 : SHADOW_AT_MARGIN * (1 - Math.max(0, t)) ** SHADOW_FALLOFF;
}

/** Band edges crowd toward the margin, where the shade changes fastest (its steps would show there). */
const EDGE_POWER = 1.6;

/** The depth (0 … 1) band k of `bands` reaches, counted from the narrowest. */
export function shadowBandEdge(k: number, bands = SHADOW_BANDS): number {
  return ((k + 1) / bands) ** EDGE_POWER;
}

/** Each band's alpha, widest first, solved so the stack follows shadowProfile (band-stack.ts). */
export function shadowBandAlphas(bands = SHADOW_BANDS): number[] {
  return stackedBandAlphas(Array.from({ length: bands }, (_, k) => shadowBandEdge(k, bands)), shadowProfile);
}

const ALPHAS = shadowBandAlphas();

/**
 * The stack is drawn at a quarter of the frame's resolution and blitted up: the shade is ~80 px deep at
 * 720p, so nothing is lost, and the bilinear upscale turns the bands' last steps into ramps (a blur
 * filter did the same at ~10 ms a repaint; every stroke blurred, every frame, cost ~50 ms).
 */
const SHADOW_SCALE = 0.25;

interface ShadowCache {
  layer: Layer;
  key: string;
  /** The shaded box in frame px (the layer holds it at SHADOW_SCALE). */
  box: { x: number; y: number; w: number; h: number } | null;
}
const caches = new Map<string, ShadowCache>();

/** Draws the shade (in ctx's current compositing) and returns the frame-px box it covers, or null. */
export function drawContactShadow(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins, upperMargin: number[]): { x: number; y: number; w: number; h: number } | null {
  if (m.openness <= 0) return null;
  const sizeKey = `${f.widthPx}x${f.heightPx}`;
  let c = caches.get(sizeKey);
  if (!c) {
    c = { layer: makeLayer(Math.ceil(f.widthPx * SHADOW_SCALE) + 1, Math.ceil(f.heightPx * SHADOW_SCALE) + 1), key: '', box: null };
    caches.set(sizeKey, c);
  }
  // Nothing to shade once the lids meet.
  const fade = Math.min(1, m.openness / 0.2);
  // To the pixel: the layer holds a pixel in four, and a soft shade 80 px deep shows no sub-pixel move
  // (a key to 0.01 px repainted on every drift of the gaze).
  const key = `${fade.toFixed(2)}:${upperMargin.map((v) => Math.round(v)).join(',')}`;
  if (key !== c.key) paintShadow(c, f, upperMargin, fade, key);
  const b = c.box;
  if (!b || b.w <= 0 || b.h <= 0) return null;
  const k = SHADOW_SCALE;
  ctx.save();
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'low';
  ctx.drawImage(c.layer.canvas, b.x * k, b.y * k, b.w * k, b.h * k, b.x, b.y, b.w, b.h);
  ctx.restore();
  return b;
}

function paintShadow(c: ShadowCache, f: EyeFrame, upperMargin: number[], fade: number, key: string): void {
  const depth = SHADOW_DEPTH_MM * f.pxPerMm;
  const l = c.layer.ctx;
  l.setTransform(1, 0, 0, 1, 0, 0);
  l.clearRect(0, 0, c.layer.canvas.width, c.layer.canvas.height);
  // The margin's box grown by the shade's depth, snapped out to whole layer pixels (4 frame px), so the
  // blit's source box is exact.
  const step = 1 / SHADOW_SCALE;
  const b = polylineBoundsPx(upperMargin, depth + 2 * step, f.widthPx, f.heightPx);
  const bx = Math.floor(b.x / step) * step;
  const by = Math.floor(b.y / step) * step;
  const bx1 = Math.min(Math.floor(f.widthPx / step) * step, Math.ceil((b.x + b.w) / step) * step);
  const by1 = Math.min(Math.floor(f.heightPx / step) * step, Math.ceil((b.y + b.h) / step) * step);
  c.box = { x: bx, y: by, w: bx1 - bx, h: by1 - by };
  c.key = key;
  l.save();
  l.scale(SHADOW_SCALE, SHADOW_SCALE);
  l.beginPath();
  tracePolyline(l, upperMargin, true);
  l.lineJoin = 'round';
  l.lineCap = 'round';
  ALPHAS.forEach((alpha, i) => {
    l.lineWidth = 2 * depth * shadowBandEdge(SHADOW_BANDS - 1 - i);
    l.strokeStyle = `rgba(40, 22, 18, ${(alpha * fade).toFixed(4)})`;
    l.stroke();
  });
  l.restore();
}
