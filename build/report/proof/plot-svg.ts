import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import { compactSvg } from './compact-svg.ts';

/**
 * One Observable Plot chart as SVG text. Plot builds DOM nodes; linkedom gives it a document with no
 * browser and no Node API, so the builders stay pure. The plot's own class (`plot-…`) is hashed from
 * its styles, so the same options give the same text. Compacted (compact-svg.ts): the same drawing in
 * a fraction of Plot's bytes.
 */
export function plotSvg(options: Plot.PlotOptions): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const node = Plot.plot({ ...options, document: document as unknown as Document });
  compactSvg(node as unknown as Parameters<typeof compactSvg>[0]);
  return (node as unknown as { outerHTML: string }).outerHTML;
}
