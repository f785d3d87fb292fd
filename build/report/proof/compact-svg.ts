/**
 * Observable Plot's SVG made small without changing what it draws (the report held 7.9 MB of plots):
 * coordinates to a tenth of a pixel (Plot writes 17 digits), each polyline simplified within a quarter of
 * a pixel of its drawn self (a 20-s film's 2,400 points sit on 660 px), and a group of plain equal dots
 * (the pixel proof's hundreds of frames) as one path of round-capped zero-length strokes: discs of the
 * same diameter. Works on the plot's DOM (linkedom's or a browser's), before it is serialized.
 */

/** How far (px) a simplified polyline may stray from the drawn one: under what a screen can show. */
export const LINE_TOLERANCE_PX = 0.25;
/** Geometry attributes whose long decimals are rounded; style numbers (opacity, em offsets) are left alone. */
const GEOMETRY = ['x', 'y', 'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'width', 'height', 'd', 'transform', 'points'];

/** A number with three or more decimals, to one (trailing ".0" dropped). */
export function roundCoordinates(text: string): string {
  return text.replace(/-?\d*\.\d{3,}(?:e-?\d+)?/g, (m) => {
    const v = Math.round(Number(m) * 10) / 10;
    return Object.is(v, -0) ? '0' : String(v);
  });
}

type Point = [number, number];

/** Ramer–Douglas–Peucker, iterative: the points a polyline keeps so no dropped one lies farther than `tolerance` from it. */
export function simplifyPolyline(points: readonly Point[], tolerance: number): Point[] {
  if (points.length <= 2) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = points[a];
    const [bx, by] = points[b];
    const dx = bx - ax;
    const dy = by - ay;
    const len = Math.hypot(dx, dy);
    let worst = -1;
    let at = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i];
      const dist = len === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * px - dx * py + bx * ay - by * ax) / len;
      if (dist > worst) {
        worst = dist;
        at = i;
      }
    }
    if (worst > tolerance) {
      keep[at] = 1;
      stack.push([a, at], [at, b]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

const NUM = String.raw`-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?`;
const POLY = new RegExp(String.raw`^(?:M${NUM},${NUM}(?:L${NUM},${NUM})*)+$`);

/** A path of only absolute M/L commands (what Plot's line writes, a gap starting a new M), each run simplified; any other path as it was. */
export function simplifyPathData(d: string, tolerance: number): string {
  if (!POLY.test(d)) return d;
  return d
    .split('M')
    .filter(Boolean)
    .map((run) => {
      const pts = run.split('L').map((p) => p.split(',').map(Number) as Point);
      return `M${simplifyPolyline(pts, tolerance)
        .map(([x, y]) => `${x},${y}`)
        .join('L')}`;
    })
    .join('');
}

interface SvgElement {
  localName: string;
  attributes: ArrayLike<{ name: string; value: string }>;
  children: ArrayLike<SvgElement>;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  querySelectorAll(selector: string): Iterable<SvgElement>;
  replaceChildren(...nodes: SvgElement[]): void;
  ownerDocument: { createElementNS(ns: string, name: string): SvgElement };
}

/** Circles that carry only fill, r, cx and cy, all with one fill and one r: a dot mark with no per-dot channel but position. */
function plainDots(g: SvgElement): { fill: string; r: number; at: Point[] } | null {
  const kids = Array.from(g.children);
  if (kids.length < 2) return null;
  const fill = kids[0].getAttribute('fill');
  const r = kids[0].getAttribute('r');
  if (fill === null || r === null || !(Number(r) > 0)) return null;
  const at: Point[] = [];
  for (const c of kids) {
    const names = Array.from(c.attributes, (a) => a.name).sort();
    if (c.localName !== 'circle' || c.children.length || names.join() !== 'cx,cy,fill,r' || c.getAttribute('fill') !== fill || c.getAttribute('r') !== r) return null;
    at.push([Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]);
  }
  return at.every(([x, y]) => Number.isFinite(x) && Number.isFinite(y)) ? { fill, r: Number(r), at } : null;
}

/** The plot's DOM, compacted in place (see the file's comment). */
export function compactSvg(root: SvgElement): void {
  for (const g of root.querySelectorAll('g[aria-label="dot"]')) {
    const dots = plainDots(g);
    if (!dots) continue;
    const path = root.ownerDocument.createElementNS('http://www.w3.org/2000/svg', 'path');
    path.setAttribute('fill', 'none');
    path.setAttribute('stroke', dots.fill);
    path.setAttribute('stroke-width', String(2 * dots.r));
    path.setAttribute('stroke-linecap', 'round');
    path.setAttribute('d', dots.at.map(([x, y]) => `M${x},${y}h0`).join(''));
    g.replaceChildren(path);
  }
  for (const path of root.querySelectorAll('g[aria-label="line"] path')) {
    const d = path.getAttribute('d');
    if (d) path.setAttribute('d', simplifyPathData(d, LINE_TOLERANCE_PX));
  }
  const all = [root, ...root.querySelectorAll('*')];
  for (const el of all) {
    for (const name of GEOMETRY) {
      const v = el.getAttribute(name);
      if (v !== null) el.setAttribute(name, roundCoordinates(v));
    }
  }
}
