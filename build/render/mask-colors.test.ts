import { describe, expect, it } from 'vitest';
import { MASK_COLORS, MASK_LID, MASK_OPENING, classifyMaskPixel, type MaskColor } from './mask-colors.ts';

/** A canvas blend of two classes, rounded per channel as the canvas stores it. */
function blend(a: MaskColor, b: MaskColor, t: number): [number, number, number] {
  return [Math.round(a.r + t * (b.r - a.r)), Math.round(a.g + t * (b.g - a.g)), Math.round(a.b + t * (b.b - a.b))];
}

describe('the mask classes', () => {
  it('are distinct, and each classifies as itself', () => {
    const keys = new Set(MASK_COLORS.map((c) => `${c.r},${c.g},${c.b}`));
    expect(keys.size).toBe(MASK_COLORS.length);
    expect(new Set(MASK_COLORS.map((c) => c.name)).size).toBe(MASK_COLORS.length);
    for (const c of MASK_COLORS) expect(classifyMaskPixel(c.r, c.g, c.b)).toBe(c);
  });

  it('keep every antialiased two-class edge classifiable: a blend is the nearer of its two classes, never a third', () => {
    // Any two classes may meet (a new class is checked against all); away from the 50 % point a blend
    // must classify as the class it is mostly made of.
    for (const a of MASK_COLORS) {
      for (const b of MASK_COLORS) {
        if (a === b) continue;
        for (let k = 1; k < 20; k++) {
          const t = k / 20;
          if (Math.abs(t - 0.5) < 0.04) continue;
          const [r, g, bl] = blend(a, b, t);
          expect(classifyMaskPixel(r, g, bl).name, `${a.name}→${b.name} at ${t}`).toBe(t < 0.5 ? a.name : b.name);
        }
      }
    }
  });

  it('split into the opening (the eye between the lids, tear line and caruncle included) and the lids', () => {
    expect(MASK_OPENING.map((c) => c.name).sort()).toEqual(['caruncle', 'iris', 'pupil', 'sclera', 'tear']);
    expect(MASK_LID.map((c) => c.name).sort()).toEqual(['brow', 'lash', 'skin']);
  });

  it('the check above fails for a colour that sits on another pair’s edge (it can fail)', () => {
    const grey: MaskColor = { name: 'tear', r: 255, g: 128, b: 128, css: '', opening: true };
    const skin = MASK_COLORS.find((c) => c.name === 'skin')!;
    const sclera = MASK_COLORS.find((c) => c.name === 'sclera')!;
    const [r, g, b] = blend(skin, sclera, 0.4);
    const nearest = [...MASK_COLORS, grey].reduce((best, c) => ((r - c.r) ** 2 + (g - c.g) ** 2 + (b - c.b) ** 2 < (r - best.r) ** 2 + (g - best.g) ** 2 + (b - best.b) ** 2 ? c : best));
    expect(nearest).toBe(grey);
  });
});
