import type { EyeFrame } from '../../render/mask-contract.ts';
import { browEdgesPx, measureMaskFrame, type MaskMeasure } from './measure-mask.ts';

/**
 * The pixel path's memory across a film's frames, kept to what a tracker would keep: the brow's edge
 * in a rest mask (taken once, so the lift needs no renderer constant) and the column the opening was
 * last read at. While the lid hides the pupil and the iris too (shut), the opening is read at that
 * last column (the eye barely moves sideways under a closed lid; Bell's roll is up and in); before
 * anything was ever seen, at the globe's own column (x = 0 mm, the rest pupil's), which needs
 * nothing from the model.
 */
export class MaskMeter {
  private browReferencePx: Float64Array | null = null;
  private lastColumnXMm = 0;

  /** Take the brow reference from a rest mask (browLiftMm 0) of the size every later frame has. */
  calibrate(rgba: Uint8ClampedArray | Uint8Array, widthPx: number, heightPx: number): void {
    this.browReferencePx = browEdgesPx(rgba, widthPx, heightPx);
  }

  measure(rgba: Uint8ClampedArray | Uint8Array, widthPx: number, heightPx: number, frame: EyeFrame): MaskMeasure {
    const m = measureMaskFrame(rgba, widthPx, heightPx, frame, { fallbackColumnXMm: this.lastColumnXMm, browReferencePx: this.browReferencePx });
    this.lastColumnXMm = m.apertureColumnXMm;
    return m;
  }
}
