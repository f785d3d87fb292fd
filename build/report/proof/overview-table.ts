import type { Assertion } from '../../measure/caps.ts';
import { escapeHtml } from './escape-html.ts';
import { htmlNumber } from './html-number.ts';
import type { BaselineDiff, EraReport, ReportData, SceneDiff } from './report-data.ts';

/** A row's standing: a check failed (or a change beyond tolerance nobody approved), something changed since the baseline, or all held as before. */
export type RowStatus = 'failed' | 'changed' | 'held';

/** One check's result for a scene: how many held, and the names of those that failed (null: the check did not run on it). */
export interface CheckCell {
  held: number;
  total: number;
  failed: string[];
}

export interface OverviewRow {
  scene: string;
  /** The scene has a film section on the page (a scene the diff says went missing has only its diff). */
  filmed: boolean;
  status: RowStatus;
  caps: CheckCell | null;
  render: CheckCell | null;
  /** The pixel proof agreed with the model (null: rendered with --no-pixels). */
  pixels: boolean | null;
  diff: SceneDiff | null;
}

/** A file's pass is true or it is a failure: a hostile "yes" or 1 holds nothing. */
const held = (a: Assertion) => a.pass === true;

function cell(assertions: readonly Assertion[]): CheckCell | null {
  if (!assertions.length) return null;
  return { held: assertions.filter(held).length, total: assertions.length, failed: assertions.filter((a) => !held(a)).map((a) => String(a.name)) };
}

/** A change eye diff would fail CI for: beyond tolerance, not approved. */
export const unapprovedBeyond = (d: SceneDiff | null) => d !== null && d.verdict === 'beyond' && !d.approved;
const changed = (d: SceneDiff | null) => d !== null && d.verdict !== 'unchanged';

const RANK: Record<RowStatus, number> = { failed: 0, changed: 1, held: 2 };

/**
 * Every scene the page knows (its films, and the diff's scenes that have none), each against every
 * check, failing scenes first, then those changed since the baseline, then the rest, by name within each.
 */
export function overviewRows(data: Pick<ReportData, 'eras' | 'diff'>): OverviewRow[] {
  const diffs = new Map((data.diff?.state === 'read' ? data.diff.scenes : []).map((d) => [d.scene, d]));
  const rows: OverviewRow[] = data.eras.map((e: EraReport) => {
    const caps = cell(e.caps);
    const render = cell(e.renderAssertions);
    const pixels = e.agreement ? e.agreement.pass === true : null;
    const diff = diffs.get(e.scene) ?? null;
    const failed = (caps?.failed.length ?? 0) > 0 || (render?.failed.length ?? 0) > 0 || pixels === false || unapprovedBeyond(diff);
    return { scene: e.scene, filmed: true, status: failed ? 'failed' : changed(diff) ? 'changed' : 'held', caps, render, pixels, diff };
  });
  const filmed = new Set(data.eras.map((e) => e.scene));
  for (const d of diffs.values()) {
    if (!filmed.has(d.scene)) rows.push({ scene: d.scene, filmed: false, status: unapprovedBeyond(d) ? 'failed' : changed(d) ? 'changed' : 'held', caps: null, render: null, pixels: null, diff: d });
  }
  return rows.sort((a, b) => RANK[a.status] - RANK[b.status] || (a.scene < b.scene ? -1 : a.scene > b.scene ? 1 : 0));
}

/** The id of a scene's "since the baseline" block (its film section's id is the scene's name). */
export const sinceId = (scene: string) => `since-${scene}`;
/** The id of a check's place in a scene's section: its calm caps, its pixel proof, everything eye render held it to. */
export const checkId = (check: 'caps' | 'pixels' | 'render', scene: string) => `${check}-${scene}`;

/** A cell's text, linked to where its check is shown in full (when the scene has a section). */
const linked = (html: string, id: string | null) => (id ? `<a href="#${escapeHtml(id)}">${html}</a>` : html);

function checkText(c: CheckCell | null, none: string): string {
  if (!c) return `<span class="note">${escapeHtml(none)}</span>`;
  if (!c.failed.length) return `held ${htmlNumber(c.held)}/${htmlNumber(c.total)}`;
  const names = c.failed.slice(0, 4).map(escapeHtml).join('; ');
  return `<b>FAILED</b> ${htmlNumber(c.failed.length)} of ${htmlNumber(c.total)}: ${names}${c.failed.length > 4 ? `; and ${htmlNumber(c.failed.length - 4)} more` : ''}`;
}

const VERDICT_TEXT: Record<SceneDiff['verdict'], string> = { unchanged: 'unchanged (same frames)', within: 'changed within tolerance', beyond: 'CHANGED BEYOND tolerance', new: 'new (no baseline)', missing: 'missing (in the baseline, not rendered)' };

/** What changed, in the eye's terms, in a few words. */
export function changeSummary(d: SceneDiff): string {
  const parts: string[] = [];
  const ev = [d.events.added && `${d.events.added} added`, d.events.removed && `${d.events.removed} removed`, d.events.moved && `${d.events.moved} moved`].filter(Boolean);
  if (ev.length) parts.push(`events ${ev.join(', ')}`);
  const beyond = d.metrics.filter((m) => m.beyond).length;
  if (beyond) parts.push(`${beyond} metric${beyond === 1 ? '' : 's'} beyond p10–p90`);
  if (d.firstDifferentFrame !== null) parts.push(`from frame ${d.firstDifferentFrame}`);
  if (d.stretches.length) parts.push(`${d.stretches.length} changed stretch${d.stretches.length === 1 ? '' : 'es'}`);
  return parts.join('; ');
}

function diffText(row: OverviewRow, diff: BaselineDiff | undefined): string {
  if (!diff || diff.state === 'none') return '<span class="note">no baseline diff run</span>';
  if (diff.state === 'rejected') return '<span class="note">diff.json rejected (see above)</span>';
  const d = row.diff;
  if (!d) return '<span class="note">not in the diff</span>';
  const summary = changeSummary(d);
  const text = `${escapeHtml(VERDICT_TEXT[d.verdict])}${summary ? `<br><span class="note">${escapeHtml(summary)}</span>` : ''}`;
  return d.verdict !== 'unchanged' && row.filmed ? `<a href="#${escapeHtml(sinceId(d.scene))}">${text}</a>` : d.verdict !== 'unchanged' ? `<a href="#${escapeHtml(d.scene)}">${text}</a>` : text;
}

function approvedText(d: SceneDiff | null): string {
  if (!d) return '';
  if (d.approved) return `approved${d.why ? `: ${escapeHtml(d.why)}` : ''}`;
  return d.verdict === 'beyond' ? '<b>not approved</b>' : '';
}

/**
 * The page's first screen: one row per scene, one column per check (eye check's calm caps, everything
 * eye render held the film to, the pixel proof against the model, eye diff's verdict against the
 * baseline and its approval), each scene linked to its section and, when the diff wrote one, to the review clip.
 */
export function overviewTable(data: Pick<ReportData, 'eras' | 'diff'>): string {
  const rows = overviewRows(data);
  const n = (s: RowStatus) => rows.filter((r) => r.status === s).length;
  const diff = data.diff;
  const against = diff?.state === 'read' && diff.against ? (diff.against.kind === 'baseline' ? 'the approved baseline' : `revision ${escapeHtml(diff.against.rev ?? '?')}`) : null;
  // A change beyond tolerance nobody approved is a failure, so it is counted there, and said to be one:
  // "2 failed, 0 changed" read as if nothing had changed.
  const failedByChange = rows.filter((r) => r.status === 'failed' && unapprovedBeyond(r.diff)).length;
  const failedWhy = failedByChange ? ` (${htmlNumber(failedByChange)} by a change since the baseline beyond tolerance, not approved)` : '';
  const head = `<p class="answer"><b>${htmlNumber(rows.length)} scenes: ${htmlNumber(n('failed'))} failed${failedWhy}, ${htmlNumber(n('changed'))} changed since the baseline within tolerance or approved, ${htmlNumber(n('held'))} held</b>${
    against ? ` <span class="note">(eye diff against ${against}, ${escapeHtml(diff!.file)})</span>` : diff?.state === 'rejected' ? ` <span class="note">(no baseline diff shown: ${escapeHtml(diff.file)} was rejected: ${escapeHtml(diff.problem ?? '')})</span>` : ' <span class="note">(no baseline diff run: eye diff writes proof/diff/diff.json)</span>'
  }</p>`;
  const body = rows.map((r) => {
    const clip = r.diff?.reviewClipHref ? `<a href="${escapeHtml(r.diff.reviewClipHref)}">review clip</a>` : '';
    return `<tr class="${r.status}"><td><a href="#${escapeHtml(r.scene)}">${escapeHtml(r.scene)}</a></td><td>${r.status === 'failed' ? '<b>FAILED</b>' : r.status}</td><td>${linked(checkText(r.caps, r.filmed ? 'not asserted' : '—'), r.filmed ? checkId('caps', r.scene) : null)}</td><td>${linked(checkText(r.render, r.filmed ? 'none recorded' : '—'), r.render ? checkId('render', r.scene) : null)}</td><td>${
      r.pixels === null ? '<span class="note">—</span>' : linked(r.pixels ? 'agree' : '<b>DISAGREE</b>', checkId('pixels', r.scene))
    }</td><td>${diffText(r, diff)}</td><td>${approvedText(r.diff)}</td><td>${clip}</td></tr>`;
  });
  return `<section id="overview">${head}<table class="overview"><thead><tr><th>scene</th><th></th><th>calm caps (eye check)</th><th>eye render</th><th>pixels vs model</th><th>since the baseline (eye diff)</th><th>approved</th><th></th></tr></thead><tbody>${body.join('')}</tbody></table></section>`;
}
