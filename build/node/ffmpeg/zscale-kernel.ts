import type { Bicubic } from '../../core/video/i420.ts';
import { COLOUR_FILTERS } from './ffmpeg-args.ts';

/** The bicubic kernel the films' zscale resamples with, read from its filter string (COLOUR_FILTERS, the one home). */
export function zscaleKernel(filters: string = COLOUR_FILTERS.zscale): Bicubic {
  const m = /filter=bicubic:param_a=([0-9.]+):param_b=([0-9.]+)/.exec(filters);
  if (!m) throw new Error(`no bicubic kernel in ${filters}`);
  return { b: Number(m[1]), c: Number(m[2]) };
}
