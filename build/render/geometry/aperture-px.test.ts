import { describe, expect, it } from 'vitest';
import { blinkSample, gazeSample } from '../../testing/eye-samples.ts';
import { aperturePolygonPx, verticalSpanAtPx } from './aperture-px.ts';
import { eyeFrame, xPx, yPx } from './eye-frame.ts';
import { irisPose } from './iris-pose.ts';
import { lidMargins } from './lid-margins.ts';

describe('aperturePolygonPx', () => {
  for (const [w, h] of [
    [1440, 900],
    [1280, 720],
  ]) {
    it(`draws the opening at the pupil column as apertureMm × px/mm within 1 px (${w}×${h})`, () => {
      const f = eyeFrame(w, h);
      for (const s of [gazeSample(0, 0), gazeSample(0, 8.5), gazeSample(0, -16), gazeSample(-20, 3), blinkSample(0.3), blinkSample(0.7)]) {
        const pose = irisPose(s);
        const m = lidMargins(s, pose);
        const span = verticalSpanAtPx(aperturePolygonPx(f, m), xPx(f, pose.centerXMm));
        expect(span).not.toBeNull();
        expect(Math.abs(span!.bottomPx - span!.topPx - s.apertureMm * f.pxPerMm)).toBeLessThan(1);
        expect(Math.abs(span!.topPx - yPx(f, s.upperLidMm))).toBeLessThan(1);
      }
    });
  }

  it('has no opening when the blink is whole', () => {
    const f = eyeFrame(1280, 720);
    const s = blinkSample(1);
    const m = lidMargins(s, irisPose(s));
    const span = verticalSpanAtPx(aperturePolygonPx(f, m), f.centerXPx);
    expect(span!.bottomPx - span!.topPx).toBeLessThan(0.01);
  });
});
