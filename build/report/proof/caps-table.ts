import type { Assertion } from '../../measure/caps.ts';
import { formatValue } from '../table.ts';
import { escapeHtml } from './escape-html.ts';

/** Assertions as an HTML table: what, measured, cap, pass or FAIL, note. Failures are marked by class as well as by word. */
export function capsTable(assertions: readonly Assertion[]): string {
  const rows = assertions.map((a) => {
    const value = typeof a.value === 'number' || a.value === null ? formatValue(a.value) : String(a.value);
    return `<tr class="${a.pass ? 'pass' : 'fail'}"><td>${escapeHtml(a.name)}</td><td class="num">${escapeHtml(value)}</td><td>${escapeHtml(a.capText)}</td><td>${a.pass ? 'pass' : 'FAIL'}</td><td class="note">${escapeHtml(a.note ?? '')}</td></tr>`;
  });
  return `<table class="caps"><thead><tr><th>assertion</th><th>measured</th><th>cap</th><th></th><th>note</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
