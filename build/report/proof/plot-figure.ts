import { escapeHtml } from './escape-html.ts';

/** A plot in its figure: the load test finds plots by `figure.plot` and reads `data-plot` to name an empty one. */
export function figure(id: string, caption: string, svg: string): string {
  return `<figure class="plot" data-plot="${escapeHtml(id)}">${svg}<figcaption>${escapeHtml(caption)}</figcaption></figure>`;
}
