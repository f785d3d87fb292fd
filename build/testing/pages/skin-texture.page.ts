import { exposed } from './page-kit.ts';
import { paintedPatch } from './painted-patch.ts';

// A patch of the painted face (the skin with the upper lid's skin on it), mm about the eye's centre,
// as its size and RGBA bytes.
exposed.facePatch = (x0Mm: number, x1Mm: number, y0Mm: number, y1Mm: number) => {
  const { w, h, data } = paintedPatch('face', x0Mm, x1Mm, y0Mm, y1Mm);
  return { w, h, rgba: Array.from(data) };
};
