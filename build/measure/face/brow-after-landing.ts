/** One landing the brow answered: the delay of each node's onset after it, head → tail, ms. */
export interface BrowAnswer {
  landingMs: number;
  nodeDelaysMs: number[];
}

/** A node moving less than this per sample is still, mm (its settled chain is exactly still). */
const STILL_MM = 1e-6;

/**
 * How the brow answers the eye's landings, from the trace's node columns (eye.md §7: a beat, ~120 ms,
 * after the eye lands, head to tail). For each landing (a detected saccade's end) after which the
 * whole chain was still for `quietMs`, each node's onset is the first sample after that where it moves;
 * a landing where any node does not move within `withinMs` is not an answer (a shape change under the
 * brow's deadband, or a saccade cutting it short) and is left out.
 */
export function browAfterLanding(
  tMs: ArrayLike<number>,
  nodes: readonly ArrayLike<number>[],
  landingsMs: readonly number[],
  quietMs = 80,
  withinMs = 300,
): BrowAnswer[] {
  const out: BrowAnswer[] = [];
  let i = 1;
  for (const landingMs of landingsMs) {
    while (i < tMs.length && tMs[i] < landingMs) i++;
    if (i >= tMs.length) break;
    const moved = (k: number, j: number) => Math.abs(nodes[k][j] - nodes[k][j - 1]) > STILL_MM;
    let quiet = true;
    let j = i;
    for (; j < tMs.length && tMs[j] <= landingMs + quietMs; j++) if (nodes.some((_, k) => moved(k, j))) quiet = false;
    if (!quiet) continue;
    const delays: number[] = [];
    for (let k = 0; k < nodes.length; k++) {
      let m = j;
      while (m < tMs.length && tMs[m] <= landingMs + withinMs && !moved(k, m)) m++;
      if (m >= tMs.length || tMs[m] > landingMs + withinMs) break;
      delays.push(tMs[m] - landingMs);
    }
    if (delays.length === nodes.length) out.push({ landingMs, nodeDelaysMs: delays });
  }
  return out;
}
