import { describe, expect, it } from 'vitest';
import { cursorTipPx } from '../render/geometry/cursor-shape.ts';
import { eyeFrame } from '../render/geometry/eye-frame.ts';
import { pointerInR } from './pointer-in-r.ts';

describe('pointerInR', () => {
  it('is 0,0 at the globe centre (mid-width, 0.7 of the height down), 1 R = 216 px at 1440×900, +y up', () => {
    const f = eyeFrame(1440, 900);
    expect(f.centerYPx).toBeCloseTo(630, 9);
    const at = pointerInR(720, 630, 1440, 900);
    expect(at.xR).toBeCloseTo(0, 12);
    expect(at.yR).toBeCloseTo(0, 12);
    const one = pointerInR(720 + 216, 630 - 216, 1440, 900);
    expect(one.xR).toBeCloseTo(1, 12);
    expect(one.yR).toBeCloseTo(1, 12);
    // The canvas centre is 180 px above the eye: 0.83 R up, not the eye (the old reading put it at 0,0).
    expect(pointerInR(720, 450, 1440, 900).yR).toBeCloseTo(180 / 216, 12);
  });

  it('is the inverse of where the films draw the arrow (cursorTipPx), at several sizes', () => {
    for (const [w, h] of [
      [1440, 900],
      [1280, 720],
      [640, 360],
    ]) {
      for (const [xR, yR] of [
        [0, 0],
        [2.5, -1.25],
        [-3, 1.8],
      ]) {
        const tip = cursorTipPx(eyeFrame(w, h), xR, yR);
        const back = pointerInR(tip.x, tip.y, w, h);
        expect(back.xR).toBeCloseTo(xR, 9);
        expect(back.yR).toBeCloseTo(yR, 9);
      }
    }
  });
});
