import { beforeAll, describe, expect, it } from 'vitest';
import { blinkSample, gazeSample } from '../../testing/eye-samples.ts';
import { creaseMm } from '../geometry/crease.ts';
import { eyeFrame, xMmOf, yPx } from '../geometry/eye-frame.ts';
import { irisPose } from '../geometry/iris-pose.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { lidMargins, restLidMargins } from '../geometry/lid-margins.ts';
import type { EyeSample } from '../../model/types.ts';
import { LOWER_ANCHOR_MM, createFaceWarp } from './face-warp.ts';
import { paintFaceWarp } from './face-warp-paint.ts';

// The warp is plain arithmetic on pixel arrays; in Node only ImageData is missing.
beforeAll(() => {
  if (typeof globalThis.ImageData === 'undefined') {
    (globalThis as { ImageData?: unknown }).ImageData = class {
      readonly data: Uint8ClampedArray;
      constructor(
        readonly width: number,
        readonly height: number,
      ) {
        this.data = new Uint8ClampedArray(width * height * 4);
      }
    };
  }
});

const f = eyeFrame(640, 360);
/** A textured rest face: every pixel distinct enough that a sliding or stretched texture shows. */
function restFace(): Uint8ClampedArray {
  const d = new Uint8ClampedArray(f.widthPx * f.heightPx * 4);
  for (let y = 0; y < f.heightPx; y++) {
    for (let x = 0; x < f.widthPx; x++) {
      const i = (y * f.widthPx + x) * 4;
      d[i] = 120 + ((x * 7 + y * 13) % 90);
      d[i + 1] = 90 + ((x * 3 + y * 5) % 60);
      d[i + 2] = 80 + ((y * 11) % 50);
      d[i + 3] = 255;
    }
  }
  return d;
}
const margins = (s: EyeSample): LidMargins => lidMargins(s, irisPose(s));

describe('face warp', () => {
  it('leaves the face outside the eye (above the crease, beyond the canthi, under the lower lid) exactly as it was through a blink', () => {
    const rest = restFace();
    const w = createFaceWarp(f, rest);
    const rm = restLidMargins();
    const box = w.box;
    for (const s of [gazeSample(0, 0), blinkSample(0.4), blinkSample(0.8), blinkSample(1), gazeSample(0, -16), gazeSample(0, 8.5)]) {
      paintFaceWarp(w, f, margins(s));
      let checked = 0;
      for (let y = 0; y < box.h; y++) {
        for (let x = 0; x < box.w; x++) {
          const cx = box.x + x + 0.5;
          const xm = xMmOf(f, cx);
          const cy = box.y + y + 0.5;
          const outside =
            xm < rm.xLateralMm - 0.3 || xm > rm.xMedialMm + 0.3
              ? cy < yPx(f, creaseMm(xm)) - 1 || cy > yPx(f, creaseMm(xm)) + 3 * f.pxPerMm
              : cy < yPx(f, creaseMm(xm)) - 1 || cy > yPx(f, rm.lowerMm(xm) - LOWER_ANCHOR_MM) + 2;
          if (!outside) continue;
          const o = (y * box.w + x) * 4;
          const r = ((box.y + y) * f.widthPx + box.x + x) * 4;
          for (let c = 0; c < 4; c++) {
            if (w.img.data[o + c] !== rest[r + c]) throw new Error(`differs at box ${x},${y} (x ${xm.toFixed(2)} mm, crease y ${yPx(f, creaseMm(xm)).toFixed(1)}, y ${cy}) for ${JSON.stringify(s.blinkClosure)}: ${w.img.data[o + c]} vs ${rest[r + c]}`);
          }
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(box.w * box.h * 0.3);
    }
  });

  it('shows the globe between the margins and skin over it when shut', () => {
    const w = createFaceWarp(f, restFace());
    const box = w.box;
    const alphaAt = (xMm: number, yMm: number) => w.img.data[((Math.floor(yPx(f, yMm)) - box.y) * box.w + Math.floor(f.centerXPx + xMm * f.pxPerMm) - box.x) * 4 + 3];
    paintFaceWarp(w, f, margins(gazeSample(0, 0)));
    expect(alphaAt(0, 0)).toBe(0);
    expect(alphaAt(0, 7)).toBe(255);
    paintFaceWarp(w, f, margins(blinkSample(1)));
    for (const x of [-10, -4, 0, 4, 10]) for (const y of [-4, 0, 3]) expect(alphaAt(x, y)).toBe(255);
  });

  it('does not depend on what it drew before (a page reused for another film gives the same pixels)', () => {
    const rest = restFace();
    const seq = [gazeSample(0, 0), blinkSample(0.3), blinkSample(0.9), gazeSample(12, -6), blinkSample(0.5)];
    const a = createFaceWarp(f, rest);
    for (const s of seq) paintFaceWarp(a, f, margins(s));
    const fresh = createFaceWarp(f, rest);
    paintFaceWarp(fresh, f, margins(seq[seq.length - 1]));
    expect(Buffer.from(a.img.data).equals(Buffer.from(fresh.img.data))).toBe(true);
  });

  it('shut, unrolls skin out of the fold instead of stretching the rest skin 2.7×: a mark 2 mm above the rest margin lands ≤ 2.9 mm above the margin', () => {
    const rest = restFace();
    const x = Math.floor(f.centerXPx);
    const rm = restLidMargins();
    // A one-pixel white mark in the rest lid, 2 mm above the rest margin.
    const markY = Math.floor(yPx(f, rm.upperMm(0) + 2));
    rest.set([255, 255, 255, 255], (markY * f.widthPx + x) * 4);
    const w = createFaceWarp(f, rest);
    const box = w.box;
    const m = margins(blinkSample(1));
    paintFaceWarp(w, f, m);
    const col = x - box.x;
    let brightest = -1;
    let at = -1;
    for (let y = 0; y < box.h; y++) {
      const v = w.img.data[(y * box.w + col) * 4 + 2];
      if (v > brightest) [brightest, at] = [v, y + box.y];
    }
    expect(brightest).toBeGreaterThan(180);
    const aboveMarginMm = (yPx(f, m.upperMm(xMmOf(f, x + 0.5))) - (at + 0.5)) / f.pxPerMm;
    expect(aboveMarginMm).toBeGreaterThan(2);
    expect(aboveMarginMm).toBeLessThan(2.9);
  });
});

describe('the crease', () => {
  it('is a soft fold, not a pen line: at 720p its shading deepens by ≤ 4 % a row and ≤ 20 % in all (a 57-level line outlined a dome)', () => {
    const g = eyeFrame(1280, 720);
    const flat = new Uint8ClampedArray(g.widthPx * g.heightPx * 4).fill(200);
    const w = createFaceWarp(g, flat);
    paintFaceWarp(w, g, margins(gazeSample(0, 0)));
    const x = Math.floor(g.centerXPx) - w.box.x;
    const cy = Math.floor(yPx(g, creaseMm(0))) - w.box.y;
    const col: number[] = [];
    for (let y = cy - 2; y < cy + 1.5 * g.pxPerMm; y++) col.push(w.img.data[(y * w.box.w + x) * 4] / 200);
    let steepest = 0;
    for (let i = 1; i < col.length; i++) steepest = Math.max(steepest, Math.abs(col[i] - col[i - 1]));
    expect(1 - Math.min(...col)).toBeGreaterThan(0.05); // there is a crease
    expect(1 - Math.min(...col)).toBeLessThanOrEqual(0.2);
    expect(steepest).toBeLessThanOrEqual(0.04);
  });
});
