import { describe, expect, it } from 'vitest';
import { PICTURE_LIMITS } from './picture-limits.ts';
import { fillEllipse, fillRect, skinFrame, strokePolyline } from '../../testing/synthetic-picture.ts';
import { verticalEdges } from './vertical-edges.ts';

const sizes = [
  { name: '720p', w: 1280, h: 720 },
  { name: '900p', w: 1440, h: 900 },
];
const pxPerMmOf = (h: number) => (36 * h) / 900;

describe('verticalEdges: a straight vertical edge over 1.5 mm fails', () => {
  for (const { name, w, h } of sizes) {
    it(`${name}: a see-through tan rectangle's hard end, 2.4 mm tall, is found where it is and fails`, () => {
      const f = skinFrame(w, h);
      const ppm = pxPerMmOf(h);
      fillRect(f, 230.3, 300, w + 10, 300 + 2.4 * ppm, [170, 130, 100], 0.45);
      const e = verticalEdges(f, ppm)!;
      expect(e.lengthMm).toBeGreaterThan(PICTURE_LIMITS.maxVerticalEdgeMm);
      expect(e.lengthMm).toBeCloseTo(2.4, 0);
      expect(Math.abs(e.xPx - 230.3)).toBeLessThan(0.2);
      expect(e.y0Px).toBeGreaterThanOrEqual(299);
    });

    it(`${name}: the same end 1.2 mm tall passes`, () => {
      const f = skinFrame(w, h);
      const ppm = pxPerMmOf(h);
      fillRect(f, 230.3, 300, 700, 300 + 1.2 * ppm, [170, 130, 100], 0.45);
      expect(verticalEdges(f, ppm)!.lengthMm).toBeLessThanOrEqual(PICTURE_LIMITS.maxVerticalEdgeMm);
    });

    it(`${name}: a hard shadow edge of only 10 levels, 2 mm tall, still fails (an eye sees a ruler line on skin)`, () => {
      const f = skinFrame(w, h);
      const ppm = pxPerMmOf(h);
      fillRect(f, 400.5, 300, 460, 300 + 2 * ppm, [0, 0, 0], 0.07);
      expect(verticalEdges(f, ppm)!.lengthMm).toBeGreaterThan(PICTURE_LIMITS.maxVerticalEdgeMm);
    });

    it(`${name}: an iris and pupil (circles) on the sclera pass`, () => {
      const f = skinFrame(w, h, 2, [235, 232, 228]);
      const ppm = pxPerMmOf(h);
      fillEllipse(f, w / 2 + 0.37, h / 2, 6 * ppm, 6 * ppm, [70, 110, 120]);
      fillEllipse(f, w / 2 + 0.37, h / 2, 1.8 * ppm, 1.8 * ppm, [10, 10, 12]);
      const e = verticalEdges(f, ppm)!;
      expect(e.lengthMm).toBeLessThan(PICTURE_LIMITS.maxVerticalEdgeMm);
      expect(e.lengthMm).toBeGreaterThan(0.3); // it did see the limbus; it just is not straight
    });

    it(`${name}: an iris turned 40° (an ellipse, flatter at its sides) and a tilted pupil pass`, () => {
      const f = skinFrame(w, h, 2, [235, 232, 228]);
      const ppm = pxPerMmOf(h);
      fillEllipse(f, w / 2, h / 2, 6 * ppm * Math.cos((40 * Math.PI) / 180), 6 * ppm, [70, 110, 120]);
      fillEllipse(f, w / 2 + 50, h / 2, 1.4 * ppm, 2 * ppm, [10, 10, 12], 1, 0.2);
      expect(verticalEdges(f, ppm)!.lengthMm).toBeLessThan(PICTURE_LIMITS.maxVerticalEdgeMm);
    });

    it(`${name}: soft gradients (a 40-level shadow over 2 mm) and curved lashes pass`, () => {
      const f = skinFrame(w, h);
      const ppm = pxPerMmOf(h);
      // A shadow fading in over 2 mm and holding to the frame's edge: no hard end anywhere.
      for (let x = 600; x < w; x++) fillRect(f, x, 100, x + 1, 100 + 5 * ppm, [0, 0, 0], 0.25 * Math.min(1, (x - 600) / (2 * ppm)));
      for (let i = 0; i < 12; i++) {
        const x0 = 300 + i * 25;
        const pts: [number, number][] = [];
        // A lash 3 mm long curving up and out.
        for (let t = 0; t <= 1; t += 0.05) pts.push([x0 + 0.8 * ppm * t * t, 500 - 3 * ppm * t]);
        strokePolyline(f, pts, 2.2, [30, 22, 20]);
      }
      expect(verticalEdges(f, ppm)?.lengthMm ?? 0).toBeLessThan(PICTURE_LIMITS.maxVerticalEdgeMm);
    });
  }

  it('plain skin grain has no straight edge at all', () => {
    const e = verticalEdges(skinFrame(640, 360, 6), 14.4);
    expect(e?.lengthMm ?? 0).toBeLessThan(0.3);
  });
});
