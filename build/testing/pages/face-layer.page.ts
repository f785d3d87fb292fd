import { gazeSample } from '../eye-samples.ts';
import { drawPass, exposed } from './page-kit.ts';

/**
 * The face layer's kept states (face-layer.ts): the colour pass of each pitch in `pitchesDeg`, drawn
 * in that order in one page (one set of assets, so one face layer and its states), each frame's
 * pixels as a digest: a state drawn again, kept or redrawn into another state's canvas, must be the
 * same pixels as the first time.
 */
exposed.faceLayerDigests = (pitchesDeg: number[]) =>
  pitchesDeg.map((p) => {
    const d = drawPass(gazeSample(0, p), '2026', 'color');
    // FNV-1a over the bytes: equal frames, equal digests.
    let h = 0x811c9dc5;
    for (let i = 0; i < d.length; i++) h = Math.imul(h ^ d[i], 0x01000193);
    return h >>> 0;
  });
