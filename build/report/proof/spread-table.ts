import type { SpreadRow } from './report-data.ts';
import { escapeHtml } from './escape-html.ts';
import { htmlNumber } from './html-number.ts';

/** The film's numbers against its era's 10th–90th percentiles (a number that cannot be measured reads "—"; the rows are summary.json's, so each number is checked as one). */
export function spreadTable(rows: readonly SpreadRow[]): string {
  const body = rows.map((r) => {
    const verdict = r.pass === null ? 'not measurable' : r.pass ? 'within' : 'OUTSIDE';
    return `<tr class="${r.pass === false ? 'fail' : 'pass'}"><td>${escapeHtml(r.metric)}</td><td class="num">${htmlNumber(r.value)}</td><td class="num">${htmlNumber(r.p10)} – ${htmlNumber(r.p90)}</td><td>${verdict}</td></tr>`;
  });
  return `<table class="spread"><thead><tr><th>film metric</th><th>film (pixels)</th><th>era p10 – p90</th><th></th></tr></thead><tbody>${body.join('')}</tbody></table>`;
}
