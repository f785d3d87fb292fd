import { gazeSample } from '../eye-samples.ts';
import { MASK_IRIS, MASK_PUPIL, MASK_SCLERA, MASK_SKIN, classifyMaskPixel } from '../../render/mask-colors.ts';
import { NOISE_FRAME_MS } from '../../render/era/apply-grade.ts';
import type { EraId } from '../../scene/scene.ts';
import { drawPass, lumaAt, exposed } from './page-kit.ts';

const CLASSES = { pupil: MASK_PUPIL, iris: MASK_IRIS, sclera: MASK_SCLERA, skin: MASK_SKIN } as const;
/** The pupil's black: its pixels darker than this luma (not the reflections seen over it). */
const BLACK_LUMA = 24;

// The camera's grain (era-looks.ts CAMERA_GRAIN): one sample drawn before the grain (View.grain false)
// and with it, and per mask class the luma's change between them: its mean, its sd and its largest; and
// the same over the pupil's black alone ('black'). With `later`, the sample with its grain is drawn
// three noise frames on instead (nothing else of time reaches the picture): a grain that changed in time
// would show there.
exposed.grain = (era: EraId, later = false) => {
  const s = gazeSample(0, 0);
  // Drawn with its grain only when it is compared with itself later.
  const a = drawPass({ ...s, tMs: 0 }, era, 'color', later);
  const b = drawPass({ ...s, tMs: later ? 3 * NOISE_FRAME_MS : 0 }, era, 'color');
  const m = drawPass(s, era, 'mask');
  const out: Record<string, { n: number; mean: number; sd: number; max: number }> = {};
  for (const [name, cls] of [...Object.entries(CLASSES), ['black', MASK_PUPIL] as const]) {
    let n = 0, sum = 0, sum2 = 0, max = 0;
    for (let i = 0; i < m.length; i += 4) {
      if (classifyMaskPixel(m[i], m[i + 1], m[i + 2]) !== cls) continue;
      if (name === 'black' && lumaAt(a, i) >= BLACK_LUMA) continue;
      const d = lumaAt(b, i) - lumaAt(a, i);
      n++; sum += d; sum2 += d * d; max = Math.max(max, Math.abs(d));
    }
    const mean = sum / n;
    out[name] = { n, mean, sd: Math.sqrt(Math.max(0, sum2 / n - mean * mean)), max };
  }
  return out;
};
