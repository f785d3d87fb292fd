import { describe, expect, it } from 'vitest';
import { pointerInR } from './pointer-in-r.ts';

describe('pointerInR', () => {
  it('is 0,0 at the canvas centre and 1 R = 216 px at 1440×900, +y up', () => {
    expect(pointerInR(720, 450, 1440, 900)).toEqual({ xR: 0, yR: 0 });
    expect(pointerInR(720 + 216, 450 - 216, 1440, 900)).toEqual({ xR: 1, yR: 1 });
  });
  it('scales with the height', () => {
    expect(pointerInR(640 + 172.8, 360, 1280, 720).xR).toBeCloseTo(1, 12);
  });
});
