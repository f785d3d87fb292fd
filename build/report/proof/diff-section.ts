import { escapeHtml } from './escape-html.ts';
import { htmlNumber } from './html-number.ts';
import { changeSummary, sinceId } from './overview-table.ts';
import type { SceneDiff, Still } from './report-data.ts';

const still = (s: Still) => `<figure class="still"><img alt="${escapeHtml(s.label)}" src="${escapeHtml(s.dataUri)}"><figcaption>${escapeHtml(s.label)}</figcaption></figure>`;

/** Baseline stills beside the current film's, pair by pair (the diff lists them in the same order). */
function beside(d: SceneDiff): string {
  const n = Math.max(d.baselineStills.length, d.currentStills.length);
  if (!n) return '<p class="note">the diff names no stills for this scene</p>';
  const rows = Array.from({ length: n }, (_, i) => `<div class="pair-row">${d.baselineStills[i] ? still(d.baselineStills[i]) : '<p class="note">no baseline still</p>'}${d.currentStills[i] ? still(d.currentStills[i]) : '<p class="note">no current still</p>'}</div>`);
  return `<div class="beside"><div class="pair-row"><b>baseline</b><b>current</b></div>${rows.join('')}</div>`;
}

const orDash = (v: number | null) => htmlNumber(v);

/**
 * A changed scene's "since the baseline" block: the verdict, its approval, the changed events and
 * metrics, the changed stretches, the review clip (a file beside the page, played from disk), and the
 * baseline's stills beside the current ones.
 */
export function diffSection(d: SceneDiff): string {
  const summary = changeSummary(d);
  const events = d.events.list.length
    ? `<table class="events"><thead><tr><th>event</th><th>change</th><th>baseline (s)</th><th>current (s)</th><th>shift (ms)</th><th>amplitude (°)</th></tr></thead><tbody>${d.events.list
        .map((e) => `<tr><td>${escapeHtml(e.kind)}</td><td>${escapeHtml(e.change)}</td><td class="num">${orDash(e.baselineS)}</td><td class="num">${orDash(e.currentS)}</td><td class="num">${orDash(e.shiftMs)}</td><td class="num">${orDash(e.amplitudeDeg)}</td></tr>`)
        .join('')}</tbody></table>`
    : '<p class="note">no event added, removed or moved</p>';
  const metrics = d.metrics.length
    ? `<table class="metrics"><thead><tr><th>metric</th><th>baseline</th><th>current</th><th>era p10 – p90</th><th></th></tr></thead><tbody>${d.metrics
        .map((m) => `<tr class="${m.beyond ? 'fail' : 'pass'}"><td>${escapeHtml(m.name)} (${escapeHtml(m.unit)})</td><td class="num">${htmlNumber(m.baseline)}</td><td class="num">${htmlNumber(m.current)}</td><td class="num">${orDash(m.p10)} – ${orDash(m.p90)}</td><td>${m.beyond ? 'BEYOND' : 'within'}</td></tr>`)
        .join('')}</tbody></table>`
    : '<p class="note">no metric changed</p>';
  const stretches = d.stretches.length
    ? `<ul>${d.stretches.map((s) => `<li>${htmlNumber(s.startS)}–${htmlNumber(s.endS)} s (least SSIM ${htmlNumber(s.minSsim)})</li>`).join('')}</ul>`
    : '<p class="note">no stretch of frames differs</p>';
  const poster = d.poster
    ? `<figure class="sheet review-poster"><img alt="the review clip at the first changed frame: baseline, current, difference" src="${escapeHtml(d.poster.dataUri)}"><figcaption>the review clip at the first changed frame: baseline | current | difference (${escapeHtml(d.poster.why)})</figcaption></figure>`
    : '';
  const clip = d.reviewClipHref
    ? `${poster}<div class="film"><video controls preload="none" width="640" src="${escapeHtml(d.reviewClipHref)}"${d.poster ? ` poster="${escapeHtml(d.poster.dataUri)}"` : ''}></video><p class="note"><a href="${escapeHtml(d.reviewClipHref)}">${escapeHtml(d.reviewClipHref)}</a> (the review clip: baseline and current side by side with their difference, only the changed stretches; a file beside this page)</p></div>`
    : `${poster}<p class="note">no review clip for this scene</p>`;
  const approval = d.approved ? `approved${d.why ? `: ${escapeHtml(d.why)}` : ''}` : d.verdict === 'beyond' ? '<b>not approved</b>' : 'not approved (within tolerance: nothing to approve)';
  const missing = d.missingFiles.length ? `<p class="note">named by the diff but not on disk: ${d.missingFiles.map(escapeHtml).join(', ')}</p>` : '';
  return `<div class="since ${d.verdict}" id="${escapeHtml(sinceId(d.scene))}"><h3>Since the baseline: ${escapeHtml(d.verdict)}${summary ? ` <small>${escapeHtml(summary)}</small>` : ''}</h3>
<p>${approval}${d.firstDifferentFrame !== null ? `; first different frame ${htmlNumber(d.firstDifferentFrame)}` : ''}</p>${missing}
${clip}
<h4>Events</h4>${events}<h4>Metrics</h4>${metrics}<h4>Changed stretches</h4>${stretches}
<h4>Stills: baseline beside current</h4>${beside(d)}</div>`;
}
