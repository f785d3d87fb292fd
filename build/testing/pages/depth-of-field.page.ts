import { paintBrow } from '../../render/assets/brow.ts';
import { eyeFrame } from '../../render/geometry/eye-frame.ts';
import { PAGE_SIZE, exposed } from './page-kit.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

// The brow's layer as painted (before the lift moves it): the 99th percentile of the step in opacity
// between horizontal neighbours, over the steps above 4 levels.
exposed.browSteps = () => {
  const b = paintBrow(eyeFrame(W, H));
  const c = b.canvas;
  const ctx = c.getContext('2d');
  if (!ctx) throw new Error('depth-of-field page: the brow layer has no 2d context');
  const d = ctx.getImageData(0, 0, c.width, c.height).data;
  const steps: number[] = [];
  for (let y = 0; y < c.height; y++) for (let x = 1; x < c.width; x++) {
    const i = (y * c.width + x) * 4;
    const s = Math.abs(d[i + 3] - d[i - 1]);
    if (s > 4) steps.push(s);
  }
  steps.sort((p, q) => p - q);
  return { n: steps.length, p99: steps[Math.floor(steps.length * 0.99)] };
};
