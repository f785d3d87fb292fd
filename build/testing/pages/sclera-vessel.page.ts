import { assetsFor } from '../../render/assets/assets-for.ts';
import { CARUNCLE_MM } from '../../render/geometry/caruncle-shape.ts';
import { eyeFrame } from '../../render/geometry/eye-frame.ts';
import { irisPose } from '../../render/geometry/iris-pose.ts';
import { MASK_SCLERA } from '../../render/mask-colors.ts';
import { gazeSample } from '../eye-samples.ts';
import { maskRegion } from './band-texture.ts';
import { PAGE_SIZE, boxBlur, drawPasses, exposed } from './page-kit.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

// The sclera's painted surface within 14 mm either side of the centre and 4 mm of the horizontal
// meridian: vessels (pixels redder, r − g, than their 0.5 mm surroundings by 5 levels), their share
// beside the limbus and toward the corners, and their skeleton's length and forks.
exposed.scleraVessels = () => {
  const a = assetsFor(W, H);
  const f = a.frame;
  const pad = a.sclera.surfacePadPx;
  const mm = f.pxPerMm;
  const cx = f.centerXPx + pad, cy = f.centerYPx + pad;
  const x0 = Math.round(cx - 14 * mm), x1 = Math.round(cx + 14 * mm);
  const y0 = Math.round(cy - 4 * mm), y1 = Math.round(cy + 4 * mm);
  const w = x1 - x0, h = y1 - y0;
  const d = a.sclera.surface.ctx.getImageData(x0, y0, w, h).data;
  const red = new Float64Array(w * h);
  for (let i = 0; i < w * h; i++) red[i] = d[4 * i] - d[4 * i + 1];
  // The redness's 0.5 mm surroundings (a box of 15 px, as a summed-area table).
  const sat = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) sat[(y + 1) * (w + 1) + x + 1] = red[y * w + x] + sat[y * (w + 1) + x + 1] + sat[(y + 1) * (w + 1) + x] - sat[y * (w + 1) + x];
  const r = 7;
  const v = new Uint8Array(w * h);
  for (let y = r; y < h - r - 1; y++) for (let x = r; x < w - r - 1; x++) {
    const s = sat[(y + r + 1) * (w + 1) + x + r + 1] - sat[(y - r) * (w + 1) + x + r + 1] - sat[(y + r + 1) * (w + 1) + x - r] + sat[(y - r) * (w + 1) + x - r];
    if (red[y * w + x] - s / ((2 * r + 1) ** 2) > 5) v[y * w + x] = 1;
  }
  const share = (a0: number, a1: number) => {
    let n = 0, on = 0;
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const ax = Math.abs((x + x0 - cx) / mm);
      if (ax < a0 || ax > a1) continue;
      n++; on += v[y * w + x];
    }
    return on / n;
  };
  const vesselPx = v.reduce((s, b) => s + b, 0);
  // Zhang–Suen thinning.
  const s = v.slice();
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= w || y >= h ? 0 : s[y * w + x]);
  for (let changed = true; changed; ) {
    changed = false;
    for (const step of [0, 1]) {
      const off: number[] = [];
      for (let y = 1; y < h - 1; y++) for (let x = 1; x < w - 1; x++) {
        if (!s[y * w + x]) continue;
        const p = [at(x, y - 1), at(x + 1, y - 1), at(x + 1, y), at(x + 1, y + 1), at(x, y + 1), at(x - 1, y + 1), at(x - 1, y), at(x - 1, y - 1)];
        const b = p.reduce((q, u) => q + u, 0);
        if (b < 2 || b > 6) continue;
        let t = 0;
        for (let k = 0; k < 8; k++) if (!p[k] && p[(k + 1) % 8]) t++;
        if (t !== 1) continue;
        if (step === 0 ? p[0] * p[2] * p[4] || p[2] * p[4] * p[6] : p[0] * p[2] * p[6] || p[0] * p[4] * p[6]) continue;
        off.push(y * w + x);
      }
      for (const i of off) s[i] = 0;
      if (off.length) changed = true;
    }
  }
  let skeleton = 0, forks = 0;
  for (let y = 1; y < h - 1; y++) for (let x = 1; x < w - 1; x++) {
    if (!s[y * w + x]) continue;
    skeleton++;
    const p = [at(x, y - 1), at(x + 1, y - 1), at(x + 1, y), at(x + 1, y + 1), at(x, y + 1), at(x - 1, y + 1), at(x - 1, y), at(x - 1, y - 1)];
    let t = 0;
    for (let k = 0; k < 8; k++) if (!p[k] && p[(k + 1) % 8]) t++;
    if (t >= 3) forks++;
  }
  return { vesselShare: vesselPx / (w * h), nearLimbus: share(7.5, 9.5), nearCorners: share(11, 13.5), skeletonMm: skeleton / mm, forksPerCm: (10 * forks) / (skeleton / mm) };
};

/**
 * The vessels as the film shows them: on the colour frame of the open eye at rest (2026), each white
 * pixel's redness (r − g) over the mean of the white's pixels within 0.25 mm (a 15-px box), on the
 * white (its mask class, eroded 3 px) 8 mm or more from the iris's centre and over 3.5 mm from the
 * caruncle's (the plica's edge is not a vessel); the 98th percentile.
 */
exposed.scleraVesselContrast = () => {
  const f = eyeFrame(W, H);
  const s = gazeSample(0, 0);
  const { c, m } = drawPasses(s, '2026');
  const white = maskRegion(m, MASK_SCLERA.name, 3);
  const red = new Float32Array(W * H);
  const on = new Float32Array(W * H);
  for (let i = 0; i < W * H; i++) {
    on[i] = white[i];
    red[i] = white[i] * (c[4 * i] - c[4 * i + 1]);
  }
  const sum = boxBlur(red, 7);
  const n = boxBlur(on, 7);
  const pose = irisPose(s);
  const excess: number[] = [];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (!white[i] || n[i] <= 0) continue;
      const xMm = (x - f.centerXPx) / f.pxPerMm;
      const yMm = (f.centerYPx - y) / f.pxPerMm;
      if (Math.hypot(xMm - pose.centerXMm, yMm - pose.centerYMm) < 8) continue;
      if (Math.hypot(xMm - CARUNCLE_MM.x, yMm - CARUNCLE_MM.y) < 3.5) continue;
      excess.push(red[i] - sum[i] / n[i]);
    }
  }
  excess.sort((p, q) => p - q);
  return { pixels: excess.length, p98: excess[Math.floor(0.98 * excess.length)] };
};
