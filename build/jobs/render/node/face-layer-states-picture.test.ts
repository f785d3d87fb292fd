import { describe, expect, it } from 'vitest';
import { rendererPage } from '../../../testing/renderer-page.ts';

/**
 * The face layer keeps its last few lid states (face-layer.ts: a fixating eye's lids can flip between
 * two neighbouring rounded states frame after frame). A state is a pure function of its key, so a
 * frame drawn from a kept state, or redrawn into the canvas of one evicted since, is the same pixels
 * as the first time it was drawn; and different lids are different pixels (the test can fail).
 */
const renderer = rendererPage('face-layer', { widthPx: 640, heightPx: 360 });

describe('the face layer\'s kept states (colour pass, 640×360)', () => {
  it('draws a state again exactly: kept (0, 6, 0) and after five others evicted it (0 … 0)', async () => {
    const pitches = [0, 6, 0, -6, -12, 12, 3, -3, 0];
    const d = await renderer.call<number[]>('faceLayerDigests', pitches);
    expect(new Set([d[1], d[3], d[4], d[5], d[6], d[7]]).size).toBe(6);
    expect(d[0]).not.toBe(d[1]);
    expect(d[2]).toBe(d[0]);
    expect(d[8]).toBe(d[0]);
  }, 60_000);
});
