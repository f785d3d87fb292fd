import { smoothstep } from '../assets/noise.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx } from '../geometry/eye-frame.ts';
import { CANTHUS_LATERAL_MM } from '../geometry/lid-shape.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import type { BoundsPx } from './bounds.ts';
import { polylineBoundsPx } from './bounds.ts';

/**
 * The soft contact shadow the upper lid and its lashes throw on the upper sclera and iris: darkest at
 * the margin, gone SHADOW_DEPTH_MM below it. In photographs it is a plain darkening of the iris's top
 * third under the lid, following the margin's curve into both corners, with no edge of its own.
 *
 * Its shade at a point is shadowProfile at the point's distance from the margin polyline, the same
 * at every point along the curve (a radial gradient about one circle was not, and in up-and-sideways
 * gaze left a grey wedge with a hard edge across the white), thinning only over the last few mm to the
 * lateral canthus (lateralEase). It depends on the margin and the frame column alone, so it is
 * composited into the face layer's pixels behind the lids when they move (face-layer.ts), and a frame
 * whose lids hold still costs nothing here.
 */
export const SHADOW_DEPTH_MM = 2.8;
/**
 * Shade at the margin, and how it falls to 0 at the depth (exponent of 1 − t/depth). The shade was
 * tuned at 0.62 as a stack of 24 strokes, each composited in 8 bits, which read ~10 % darker than its
 * profile on the white (2026-script frame 300: 0.605 against 0.567 at the margin, 0.14 against 0.125
 * 2.3 mm below); 0.68 keeps the shade that was tuned, now exactly to its profile.
 */
const SHADOW_AT_MARGIN = 0.68;
const SHADOW_FALLOFF = 1.7;

/**
 * Toward the lateral canthus the shade thins, to 1 − LATERAL_EASE of itself at the canthus, over the
 * last LATERAL_EASE_MM: the globe there is open to the side (no nose, no brow over it) and the lid lies
 * back on it, so in a photograph the white runs bright almost to its lateral end (two periocular
 * samples: ~0.6–0.7 of the white's middle 1 mm in). At full shade it was 0.44 there
 * (lid-outline-picture.test.ts), a grey wedge into the corner. The medial end keeps its shade: it is
 * the recess under the nose's side.
 */
const LATERAL_EASE = 0.6;
const LATERAL_EASE_MM = 5;

/** The shade's share at frame column x (px) for the lateral ease (1 from LATERAL_EASE_MM in). */
export function lateralEase(x: number, f: EyeFrame): number {
  const dMm = Math.abs(x - xPx(f, CANTHUS_LATERAL_MM.x)) / f.pxPerMm;
  return 1 - LATERAL_EASE * (1 - smoothstep(0, LATERAL_EASE_MM, dMm));
}

/** The shade's alpha at depth t (0 … 1 of SHADOW_DEPTH_MM). */
export function shadowProfile(t: number): number {
  return t >= 1 ? 0 : SHADOW_AT_MARGIN * (1 - Math.max(0, t)) ** SHADOW_FALLOFF;
}

/**
 * The shade is computed on a grid of one point per SHADOW_STEP_PX frame pixels and interpolated
 * bilinearly: it is ~80 px deep at 720p, so nothing is lost.
 */
const SHADOW_STEP_PX = 4;
/** The shade's colour. */
const SHADOW_RGB = [40, 22, 18] as const;

let grid = new Float32Array(1024);

/**
 * The shade composited behind `dst` (box-sized RGBA, the face layer's pixels before anything is
 * drawn over them) within `region` (box px): it shows where the layer is not opaque, the opening, as
 * if drawn on the globe before the lids. Each point's shade is shadowProfile at its distance from
 * the margin polyline (round at the ends), which a stack of 24 round-joined strokes at a quarter
 * resolution, blitted up behind the layer, approximated in steps for ~4 ms a lid redraw at 1280×720;
 * this is one pass over the opening's pixels. Returns the frame-px box it can touch, or null.
 */
export function paintContactShadow(dst: Uint8ClampedArray, box: BoundsPx, region: BoundsPx, f: EyeFrame, m: LidMargins, marginPx: readonly number[]): BoundsPx | null {
  if (m.openness <= 0 || region.w <= 0 || region.h <= 0) return null;
  // Its points in increasing x, so a column looks only at the segments within the depth of it.
  const upperMargin = marginPx.length >= 4 && marginPx[0] > marginPx[marginPx.length - 2] ? reversedPoints(marginPx) : marginPx;
  // Nothing to shade once the lids meet.
  const fade = Math.min(1, m.openness / 0.2);
  const depth = SHADOW_DEPTH_MM * f.pxPerMm;
  const q = SHADOW_STEP_PX;
  const b = polylineBoundsPx(upperMargin as number[], depth + q, f.widthPx, f.heightPx);
  // Frame px, the region's part of the shade's box.
  const fx0 = Math.max(b.x, box.x + region.x);
  const fy0 = Math.max(b.y, box.y + region.y);
  const fx1 = Math.min(b.x + b.w, box.x + region.x + region.w);
  const fy1 = Math.min(b.y + b.h, box.y + region.y + region.h);
  if (fx1 <= fx0 || fy1 <= fy0) return null;
  // The grid: point (i, j) at frame (fx0 + q·i, fy0 + q·j), one beyond each far side.
  const gw = Math.ceil((fx1 - fx0) / q) + 2;
  const gh = Math.ceil((fy1 - fy0) / q) + 2;
  if (grid.length < gw * gh) grid = new Float32Array(2 * gw * gh);
  const n = upperMargin.length / 2;
  let seg = 0;
  for (let i = 0; i < gw; i++) {
    const x = fx0 + q * i;
    const ease = fade * lateralEase(x, f);
    // Segments in x order (lateral → medial runs one way): those within the depth of this column.
    while (seg < n - 2 && Math.max(upperMargin[2 * seg], upperMargin[2 * seg + 2]) < x - depth) seg++;
    for (let j = 0; j < gh; j++) {
      const y = fy0 + q * j;
      let d2 = Infinity;
      for (let k = seg; k < n - 1; k++) {
        const ax = upperMargin[2 * k];
        const ay = upperMargin[2 * k + 1];
        const bx = upperMargin[2 * k + 2];
        const by = upperMargin[2 * k + 3];
        if (Math.min(ax, bx) > x + depth) break;
        const ex = bx - ax;
        const ey = by - ay;
        const len2 = ex * ex + ey * ey;
        const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * ex + (y - ay) * ey) / len2)) : 0;
        const dx = ax + t * ex - x;
        const dy = ay + t * ey - y;
        d2 = Math.min(d2, dx * dx + dy * dy);
      }
      grid[j * gw + i] = d2 < depth * depth ? ease * shadowProfile(Math.sqrt(d2) / depth) : 0;
    }
  }
  const [sr, sg, sb] = SHADOW_RGB;
  for (let y = fy0; y < fy1; y++) {
    const v = (y + 0.5 - fy0) / q;
    const j0 = Math.min(gh - 2, Math.floor(v));
    const fy = v - j0;
    const row = (y - box.y) * box.w;
    for (let x = fx0; x < fx1; x++) {
      const o = (row + x - box.x) * 4;
      const da = dst[o + 3];
      if (da === 255) continue;
      const u = (x + 0.5 - fx0) / q;
      const i0 = Math.min(gw - 2, Math.floor(u));
      const fx = u - i0;
      const g = j0 * gw + i0;
      const a = (grid[g] * (1 - fx) + grid[g + 1] * fx) * (1 - fy) + (grid[g + gw] * (1 - fx) + grid[g + gw + 1] * fx) * fy;
      if (a <= 0) continue;
      // dst over the shade.
      const al = da / 255;
      const sa = a * (1 - al);
      const oa = al + sa;
      dst[o] = (dst[o] * al + sr * sa) / oa;
      dst[o + 1] = (dst[o + 1] * al + sg * sa) / oa;
      dst[o + 2] = (dst[o + 2] * al + sb * sa) / oa;
      dst[o + 3] = oa * 255;
    }
  }
  return { x: fx0, y: fy0, w: fx1 - fx0, h: fy1 - fy0 };
}

/** [x0, y0, x1, y1, …] in the opposite order. */
function reversedPoints(p: readonly number[]): number[] {
  const out = new Array<number>(p.length);
  for (let i = 0; i < p.length; i += 2) {
    out[p.length - 2 - i] = p[i];
    out[p.length - 1 - i] = p[i + 1];
  }
  return out;
}
