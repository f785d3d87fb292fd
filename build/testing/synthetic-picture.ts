import type { RgbaFrame } from '../measure/picture/rgba-frame.ts';

/**
 * A tiny antialiased painter for synthetic test frames (4×4 supersampling per pixel), so the picture
 * checks can be tried on shapes whose answer is known: a rectangle's straight edge, circles and
 * ellipses, curved strokes, hair. Deterministic: skin grain comes from a hash, not a random source.
 */
export type Rgb = readonly [number, number, number];

export const SKIN_RGB: Rgb = [205, 155, 135];

function hash(x: number, y: number, seed: number): number {
  let h = (x * 374761393 + y * 668265263 + seed * 2147483647) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** A frame of skin with a few levels of fine grain (like pores: steps of ±`grain`). */
export function skinFrame(width: number, height: number, grain = 4, rgb: Rgb = SKIN_RGB, seed = 1): RgbaFrame {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const n = (hash(x, y, seed) * 2 - 1) * grain;
      const j = (y * width + x) * 4;
      data[j] = rgb[0] + n;
      data[j + 1] = rgb[1] + n;
      data[j + 2] = rgb[2] + n;
      data[j + 3] = 255;
    }
  }
  return { width, height, data };
}

export function cloneFrame(f: RgbaFrame): RgbaFrame {
  return { width: f.width, height: f.height, data: new Uint8ClampedArray(f.data) };
}

/** Paint where `inside(x, y)` holds (x, y continuous, pixel centres at +0.5), blended by coverage·alpha. */
export function paint(f: RgbaFrame, box: { x0: number; y0: number; x1: number; y1: number }, inside: (x: number, y: number) => boolean, rgb: Rgb, alpha = 1): void {
  const xa = Math.max(0, Math.floor(box.x0));
  const xb = Math.min(f.width - 1, Math.ceil(box.x1));
  const ya = Math.max(0, Math.floor(box.y0));
  const yb = Math.min(f.height - 1, Math.ceil(box.y1));
  for (let y = ya; y <= yb; y++) {
    for (let x = xa; x <= xb; x++) {
      let n = 0;
      for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) if (inside(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) n++;
      if (n === 0) continue;
      const a = (n / 16) * alpha;
      const j = (y * f.width + x) * 4;
      for (let c = 0; c < 3; c++) f.data[j + c] = f.data[j + c] * (1 - a) + rgb[c] * a;
    }
  }
}

export function fillRect(f: RgbaFrame, x0: number, y0: number, x1: number, y1: number, rgb: Rgb, alpha = 1): void {
  paint(f, { x0, y0, x1, y1 }, (x, y) => x >= x0 && x < x1 && y >= y0 && y < y1, rgb, alpha);
}

/** An ellipse, rotated by `rotationRad`. */
export function fillEllipse(f: RgbaFrame, cx: number, cy: number, rx: number, ry: number, rgb: Rgb, alpha = 1, rotationRad = 0): void {
  const c = Math.cos(rotationRad);
  const s = Math.sin(rotationRad);
  const r = Math.max(rx, ry);
  paint(f, { x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r }, (x, y) => {
    const u = ((x - cx) * c + (y - cy) * s) / rx;
    const v = (-(x - cx) * s + (y - cy) * c) / ry;
    return u * u + v * v <= 1;
  }, rgb, alpha);
}

/** A stroke of width `widthPx` along a polyline. */
export function strokePolyline(f: RgbaFrame, pts: readonly (readonly [number, number])[], widthPx: number, rgb: Rgb, alpha = 1): void {
  const half = widthPx / 2;
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const box = { x0: Math.min(...xs) - half, y0: Math.min(...ys) - half, x1: Math.max(...xs) + half, y1: Math.max(...ys) + half };
  paint(f, box, (x, y) => {
    for (let i = 1; i < pts.length; i++) {
      const [ax, ay] = pts[i - 1];
      const [bx, by] = pts[i];
      const dx = bx - ax;
      const dy = by - ay;
      const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
      if ((x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2 <= half * half) return true;
    }
    return false;
  }, rgb, alpha);
}

/** A brow: short dark hairs across the frame in a band from `topPx` to `bottomPx`, leaning as they go. */
export function paintBrow(f: RgbaFrame, topPx: number, bottomPx: number, seed = 7): void {
  for (let i = 0; i < 900; i++) {
    const x = hash(i, 1, seed) * f.width;
    const y = topPx + hash(i, 2, seed) * (bottomPx - topPx);
    const lean = 0.3 + (x / f.width) * 1.1; // upright at the head, lying toward the tail
    const len = 10 + hash(i, 3, seed) * 14;
    strokePolyline(f, [[x, y], [x + Math.cos(lean) * len, y - Math.sin(lean) * len]], 1.6, [70, 48, 36], 0.9);
  }
}

/** Multiply every n-th row pair dark, like a CRT's scanlines (a medium's texture over the whole frame). */
export function scanlines(f: RgbaFrame, pitchPx: number, factor: number): void {
  for (let y = 0; y < f.height; y++) {
    if (y % pitchPx !== pitchPx - 1) continue;
    for (let x = 0; x < f.width; x++) for (let c = 0; c < 3; c++) f.data[(y * f.width + x) * 4 + c] *= factor;
  }
}
