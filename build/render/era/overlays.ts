import { textureRandom } from '../assets/noise.ts';
import type { OverlayKind } from './era-looks.ts';

/**
 * The era overlays, pre-rendered once per canvas size (and kind) and blitted per frame. All are
 * multiply/overlay layers: white (or mid-grey for `overlay`) where they leave the picture alone.
 */
const cache = new Map<string, HTMLCanvasElement>();

/** How many noise frames the webcam cycles through (chosen by scene time, so still deterministic). */
export const NOISE_FRAMES = 4;

/**
 * The overlays that change with scene time (cycling NOISE_FRAMES frames): the webcam's noise only. The
 * camera's grain is one fixed pattern (overlays 'grain').
 */
export const TIME_VARYING: ReadonlySet<OverlayKind> = new Set<OverlayKind>(['noise']);

export function overlayFor(kind: OverlayKind, w: number, h: number, frame = 0): HTMLCanvasElement {
  // A still overlay is painted once, whatever frame asks: the key and the painter see the same frame.
  const f = TIME_VARYING.has(kind) ? frame % NOISE_FRAMES : 0;
  const key = `${kind}:${w}x${h}:${f}`;
  let c = cache.get(key);
  if (!c) {
    c = document.createElement('canvas');
    c.width = w;
    c.height = h;
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('renderer: no 2D canvas context');
    PAINTERS[kind](ctx, w, h, f);
    cache.set(key, c);
  }
  return c;
}

/** A small tile repeated over the frame. */
function tile(ctx: CanvasRenderingContext2D, w: number, h: number, tw: number, th: number, paint: (t: CanvasRenderingContext2D) => void): void {
  const t = document.createElement('canvas');
  t.width = tw;
  t.height = th;
  const tctx = t.getContext('2d');
  if (!tctx) return;
  paint(tctx);
  const pattern = ctx.createPattern(t, 'repeat');
  if (!pattern) return;
  ctx.fillStyle = pattern;
  ctx.fillRect(0, 0, w, h);
}

/** Pitch of screen features, scaled with the frame so a film looks the same at any size. */
function pitch(h: number, at900: number): number {
  return Math.max(2, Math.round((at900 * h) / 900));
}

const PAINTERS: Record<OverlayKind, (ctx: CanvasRenderingContext2D, w: number, h: number, frame: number) => void> = {
  scanlines(ctx, w, h) {
    const p = pitch(h, 4);
    tile(ctx, w, h, 1, p, (t) => {
      t.fillStyle = '#fff';
      t.fillRect(0, 0, 1, p);
      t.fillStyle = 'rgb(70, 70, 70)';
      t.fillRect(0, p - Math.max(1, Math.round(p / 3)), 1, Math.max(1, Math.round(p / 3)));
    });
  },
  shadowMask(ctx, w, h) {
    const p = pitch(h, 3);
    tile(ctx, w, h, 3 * p, 2 * p, (t) => {
      const cols = ['rgb(255, 150, 150)', 'rgb(150, 255, 150)', 'rgb(150, 150, 255)'];
      for (let i = 0; i < 3; i++) {
        t.fillStyle = cols[i];
        t.fillRect(i * p, 0, p, p);
        t.fillStyle = cols[(i + 1) % 3];
        t.fillRect(i * p, p, p, p);
      }
    });
  },
  apertureGrille(ctx, w, h) {
    const p = pitch(h, 2);
    tile(ctx, w, h, 3 * p, 1, (t) => {
      const cols = ['rgb(255, 170, 170)', 'rgb(170, 255, 170)', 'rgb(170, 170, 255)'];
      for (let i = 0; i < 3; i++) {
        t.fillStyle = cols[i];
        t.fillRect(i * p, 0, p, 1);
      }
    });
  },
  lcdGrid(ctx, w, h) {
    const p = pitch(h, 3);
    tile(ctx, w, h, p, p, (t) => {
      t.fillStyle = '#fff';
      t.fillRect(0, 0, p, p);
      t.fillStyle = 'rgb(150, 150, 150)';
      t.fillRect(p - 1, 0, 1, p);
      t.fillRect(0, p - 1, p, 1);
    });
  },
  dither(ctx, w, h) {
    // A 4×4 Bayer matrix as mid-grey ± steps: under `overlay` it nudges flat areas into a dither.
    const bayer = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];
    const cell = pitch(h, 2);
    tile(ctx, w, h, 4 * cell, 4 * cell, (t) => {
      for (let i = 0; i < 16; i++) {
        const v = Math.round(128 + (bayer[i] / 15 - 0.5) * 200);
        t.fillStyle = `rgb(${v}, ${v}, ${v})`;
        t.fillRect((i % 4) * cell, Math.floor(i / 4) * cell, cell, cell);
      }
    });
  },
  vignette(ctx, w, h) {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, w, h);
    ctx.save();
    ctx.translate(w / 2, h / 2);
    ctx.scale(w / h, 1);
    const g = ctx.createRadialGradient(0, 0, 0.35 * h, 0, 0, 0.8 * h);
    g.addColorStop(0, 'rgb(255, 255, 255)');
    g.addColorStop(1, 'rgb(40, 40, 40)');
    ctx.fillStyle = g;
    ctx.fillRect(-w, -h, 2 * w, 2 * h);
    ctx.restore();
  },
  screenGlowBelow(ctx, w, h) {
    // A phone's cold light from below: bright blue-white at the bottom, dim at the top.
    const g = ctx.createLinearGradient(0, 0, 0, h);
    g.addColorStop(0, 'rgb(70, 80, 110)');
    g.addColorStop(0.45, 'rgb(150, 168, 205)');
    g.addColorStop(1, 'rgb(228, 240, 255)');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
  },
  noise(ctx, w, h, frame) {
    // Sensor noise at the camera's own (low) resolution, seeded per frame index.
    const cw = Math.ceil(w / 3);
    const ch = Math.ceil(h / 3);
    const small = document.createElement('canvas');
    small.width = cw;
    small.height = ch;
    const sctx = small.getContext('2d');
    if (!sctx) return;
    sctx.putImageData(noiseImage(sctx, textureRandom(`era/noise/${frame}`), cw, ch, 22, [0, 6, 10]), 0, 0);
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(small, 0, 0, w, h);
  },
  grain(ctx, w, h) {
    // A camera's grain (era-looks.ts CAMERA_GRAIN): mostly in luminance with a little colour (a
    // sensor's noise is demosaiced into faint colour speckle), a little soft (demosaicing spreads each
    // photosite's noise over its neighbours: per-pixel white noise read as a digital dither). One fixed
    // pattern: a film's encoder keeps a still pattern for little, and a still frame shows it the same.
    const raw = document.createElement('canvas');
    raw.width = w;
    raw.height = h;
    const rctx = raw.getContext('2d');
    if (!rctx) return;
    rctx.putImageData(noiseImage(rctx, textureRandom('era/grain'), w, h, GRAIN_SD, [GRAIN_CHROMA_SD, 0, GRAIN_CHROMA_SD]), 0, 0);
    ctx.fillStyle = 'rgb(128, 128, 128)';
    ctx.fillRect(0, 0, w, h);
    ctx.filter = `blur(${GRAIN_SOFTNESS_PX}px)`;
    ctx.drawImage(raw, 0, 0);
    ctx.filter = 'none';
  },
};

/**
 * Noise about mid-grey: a luma deviate of sd `lumaSd` per pixel, plus for each of red, green and blue
 * whose sd in `chromaSd` is not 0 its own deviate (drawn in that order, after the luma's).
 */
function noiseImage(ctx: CanvasRenderingContext2D, rng: ReturnType<typeof textureRandom>, w: number, h: number, lumaSd: number, chromaSd: readonly [number, number, number]): ImageData {
  const img = ctx.createImageData(w, h);
  const d = img.data;
  for (let i = 0; i < d.length; i += 4) {
    const v = 128 + rng.normal() * lumaSd;
    for (let k = 0; k < 3; k++) d[i + k] = chromaSd[k] === 0 ? v : v + rng.normal() * chromaSd[k];
    d[i + 3] = 255;
  }
  return img;
}

/** The grain layer's sd about mid-grey, levels, in luminance and (each of red and blue) in colour. */
const GRAIN_SD = 34;
const GRAIN_CHROMA_SD = 9;
/** Its softness, px: a Gaussian of this sd leaves ~0.6 of white noise's sd. */
const GRAIN_SOFTNESS_PX = 0.5;
