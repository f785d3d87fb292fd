import type { MaskColor } from '../../render/mask-contract.ts';
import type { VerticalEdge } from './vertical-edges.ts';

/**
 * Whether a straight run in the colour frame is the drawn geometry seen through a coarse medium.
 * 1970 and 2003 show the frame in 3-px blocks, 1981–1995 in 2-px blocks (era-looks.ts): a circle of
 * 6 mm stays inside one such block column for 2·√(2·r·q) ≈ 1.8–2.2 mm, so an honest iris reads as a
 * straight vertical edge there. The mask pass draws the same geometry with no medium: a colour run
 * that lies along a boundary between mask classes (within `tolPx`, the largest block) on at least
 * `share` of its rows is that geometry, whose own straightness the mask frame answers for. A run
 * with no mask boundary under it (a shadow's edge, a slab's end) is the renderer's, whatever the era.
 */
export function onMaskBoundary(edge: VerticalEdge, classes: readonly MaskColor['name'][], width: number, tolPx = 3.5, share = 0.8): boolean {
  let hits = 0;
  for (let y = edge.y0Px; y <= edge.y1Px; y++) {
    const row = y * width;
    let hit = false;
    for (let x = Math.max(1, Math.floor(edge.xPx - tolPx)); x <= Math.min(width - 1, Math.ceil(edge.xPx + tolPx)) && !hit; x++) {
      if (classes[row + x] !== classes[row + x - 1]) hit = true;
    }
    if (hit) hits++;
  }
  return hits >= share * edge.lengthPx;
}
