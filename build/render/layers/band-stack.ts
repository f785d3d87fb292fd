/**
 * The alphas of nested bands stacked into one smooth fade: band k covers from the fade's start out to
 * `edges[k]` (ascending, 0 … 1 of the fade), and over a point every band reaching past it stacks as
 * 1 − Π(1 − αk). Solved so the stack equals `profile` at each band's inner edge (the next narrower
 * band's reach, 0 for the narrowest). Returned widest first, the order the bands are drawn in.
 */
export function stackedBandAlphas(edges: readonly number[], profile: (t: number) => number): number[] {
  const out: number[] = [];
  for (let k = edges.length - 1; k >= 0; k--) {
    const inner = profile(k === 0 ? 0 : edges[k - 1]);
    const outer = profile(edges[k]);
    out.push(1 - (1 - inner) / (1 - outer));
  }
  return out;
}
