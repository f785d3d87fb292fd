import { describe, expect, it } from 'vitest';
import { eyeFrame } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { xPx } from '../geometry/eye-frame.ts';
import { CANTHUS_LATERAL_MM } from '../geometry/lid-shape.ts';
import { SHADOW_DEPTH_MM, lateralEase, paintContactShadow, shadowProfile } from './contact-shadow.ts';

const f = eyeFrame(1280, 720);
const open = { openness: 1 } as LidMargins;
/** Frame px 440–840 across: the middle of the eye, clear of the lateral ease (over 5 mm from the canthus). */
const X0 = 440;
const box = { x: X0, y: 0, w: 400, h: 300 };
const all = { x: 0, y: 0, w: 400, h: 300 };
/** A straight margin along y = 100 from box x = 100 to 300, in `n` points (frame px). */
const margin = (n = 21) => Array.from({ length: n }, (_, i) => [X0 + 100 + (200 * i) / (n - 1), 100]).flat();
/** The shade's alpha at box pixel (x, y). */
const alphaAt = (d: Uint8ClampedArray, x: number, y: number) => d[(y * box.w + x) * 4 + 3] / 255;

describe('the lid\'s contact shadow, per pixel behind the layer', () => {
  const depth = SHADOW_DEPTH_MM * f.pxPerMm;

  it('is its profile at each distance from the margin: darkest at it, nothing at its depth', () => {
    const d = new Uint8ClampedArray(box.w * box.h * 4);
    paintContactShadow(d, box, all, f, open, margin());
    for (const dy of [2, 10, 30, 50, 70]) {
      const t = (dy + 0.5) / depth;
      expect(alphaAt(d, 200, 100 + dy)).toBeCloseTo(shadowProfile(t), 1);
    }
    expect(alphaAt(d, 200, Math.ceil(100 + depth) + 1)).toBe(0);
    expect(shadowProfile(0)).toBeGreaterThan(0.5);
    expect(shadowProfile(1)).toBe(0);
    // The colour is the shade's own, a dark brown.
    const i = (110 * box.w + 200) * 4;
    expect(d[i]).toBeGreaterThan(d[i + 2]);
    expect(d[i]).toBeLessThan(60);
  });

  it('keeps its distance round the margin\'s ends (the same at a point as far beyond an end)', () => {
    const d = new Uint8ClampedArray(box.w * box.h * 4);
    paintContactShadow(d, box, all, f, open, margin());
    expect(alphaAt(d, 300 + 20, 100)).toBeCloseTo(alphaAt(d, 200, 120), 1);
    expect(alphaAt(d, 300 + 20, 100)).toBeGreaterThan(0.2);
  });

  it('goes behind the layer: opaque pixels untouched, a half-covered pixel shaded by its open half', () => {
    const d = new Uint8ClampedArray(box.w * box.h * 4);
    const op = (120 * box.w + 200) * 4;
    d.set([200, 150, 140, 255], op);
    const half = (120 * box.w + 210) * 4;
    d.set([200, 150, 140, 128], half);
    paintContactShadow(d, box, all, f, open, margin());
    expect([...d.subarray(op, op + 4)]).toEqual([200, 150, 140, 255]);
    const a = alphaAt(d, 210, 120);
    const s = alphaAt(d, 205, 120);
    expect(a).toBeCloseTo(128 / 255 + s * (1 - 128 / 255), 1);
    expect(d[half]).toBeLessThan(200);
  });

  it('is the same whichever way the margin runs, and nothing once the lids meet', () => {
    const a = new Uint8ClampedArray(box.w * box.h * 4);
    const b = new Uint8ClampedArray(box.w * box.h * 4);
    const pts = margin();
    const rev: number[] = [];
    for (let i = pts.length - 2; i >= 0; i -= 2) rev.push(pts[i], pts[i + 1]);
    paintContactShadow(a, box, all, f, open, pts);
    paintContactShadow(b, box, all, f, open, rev);
    expect(b).toEqual(a);
    const shut = new Uint8ClampedArray(box.w * box.h * 4);
    expect(paintContactShadow(shut, box, all, f, { openness: 0 } as LidMargins, pts)).toBeNull();
    expect(shut.every((v) => v === 0)).toBe(true);
  });

  it('thins toward the lateral canthus: 0.4 of itself there, all of itself from 5 mm in, smoothly', () => {
    const xl = xPx(f, CANTHUS_LATERAL_MM.x);
    expect(lateralEase(xl, f)).toBeCloseTo(0.4, 3);
    expect(lateralEase(xl + 5 * f.pxPerMm, f)).toBe(1);
    expect(lateralEase(xl + 20 * f.pxPerMm, f)).toBe(1);
    let prev = 0;
    for (let dPx = 0; dPx <= 5 * f.pxPerMm; dPx++) {
      const e = lateralEase(xl + dPx, f);
      expect(e).toBeGreaterThanOrEqual(prev);
      expect(e - prev).toBeLessThan(dPx === 0 ? 1 : 0.01);
      prev = e;
    }
    // On a margin along the lateral end, the shade 10 px under it is the profile's times the ease.
    const lb = { x: 0, y: 0, w: 400, h: 300 };
    const d = new Uint8ClampedArray(lb.w * lb.h * 4);
    const pts = Array.from({ length: 21 }, (_, i) => [Math.round(xl) - 50 + 20 * i, 100]).flat();
    paintContactShadow(d, lb, all, f, open, pts);
    const x = Math.round(xl) + 8;
    expect(d[(110 * lb.w + x) * 4 + 3] / 255).toBeCloseTo(shadowProfile(10.5 / depth) * lateralEase(x + 0.5, f), 1);
  });
});
