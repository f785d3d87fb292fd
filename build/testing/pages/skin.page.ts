import { exposed } from './page-kit.ts';
import { paintedPatch } from './painted-patch.ts';

exposed.skinPatch = (layer: 'skin' | 'face', x0Mm: number, x1Mm: number, y0Mm: number, y1Mm: number) => {
  const { w, h, data } = paintedPatch(layer, x0Mm, x1Mm, y0Mm, y1Mm);
  return { w, h, rgba: Array.from(data) };
};
