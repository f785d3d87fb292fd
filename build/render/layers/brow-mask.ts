import type { EyeSample } from '../../model/types.ts';
import { assetsFor } from '../assets/assets-for.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { MASK_BROW } from '../mask-colors.ts';

/**
 * The brow in the mask pass, in MASK_BROW where the colour pass draws brow hair. A thin call into the
 * brow as it is drawn today (assets/brow.ts: one pre-painted layer shifted by browLiftMm): the layer's
 * own alpha, filled flat, once per size. The brow's owner replaces this with the real hair field.
 * Pixels where the brow is faint (its soft shadow) come out nearer skin than brow when classified.
 */
const flats = new WeakMap<HTMLCanvasElement, HTMLCanvasElement>();

function flatBrow(brow: HTMLCanvasElement): HTMLCanvasElement {
  let c = flats.get(brow);
  if (!c) {
    c = document.createElement('canvas');
    c.width = brow.width;
    c.height = brow.height;
    const g = c.getContext('2d');
    if (!g) throw new Error('renderer: no 2D canvas context');
    g.drawImage(brow, 0, 0);
    g.globalCompositeOperation = 'source-in';
    g.fillStyle = MASK_BROW.css;
    g.fillRect(0, 0, c.width, c.height);
    flats.set(brow, c);
  }
  return c;
}

export function drawBrowMask(ctx: CanvasRenderingContext2D, frame: EyeFrame, sample: Pick<EyeSample, 'browLiftMm'>): void {
  const a = assetsFor(frame.widthPx, frame.heightPx);
  const flat = flatBrow(a.brow);
  const lift = sample.browLiftMm * frame.pxPerMm;
  const rows = Math.min(flat.height, Math.ceil(a.browBottomPx + a.browRoomPx - lift));
  if (rows > 0) ctx.drawImage(flat, 0, 0, flat.width, rows, 0, -a.browRoomPx - lift, flat.width, rows);
}
