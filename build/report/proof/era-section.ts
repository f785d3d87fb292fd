import { agreementPlot } from './agreement-plot.ts';
import { aperturePlot } from './aperture-plot.ts';
import { capsTable } from './caps-table.ts';
import { diffSection } from './diff-section.ts';
import { checkId } from './overview-table.ts';
import { escapeHtml } from './escape-html.ts';
import { htmlNumber } from './html-number.ts';
import { fixationHistogram } from './fixation-histogram.ts';
import { gazePlot } from './gaze-plot.ts';
import { mainSequencePlot } from './main-sequence-plot.ts';
import { figure } from './plot-figure.ts';
import type { EraReport, SceneDiff } from './report-data.ts';
import { spreadTable } from './spread-table.ts';

/** The player's width: the film's own up to 640 px, none when the summary's width is not a positive number (the player's default). */
function videoWidth(width: unknown): string {
  return typeof width === 'number' && width > 0 ? ` width="${Math.min(640, Math.round(width))}"` : '';
}

/**
 * One film's section of proof/index.html: its film, caps, spread, plots and stills. A pure function of
 * its two arguments (and this module's code): eye report keeps each scene's section by exactly those
 * (build/jobs/report/node/report-parts.ts), so it must read nothing else (no clock, no counter, no global).
 */
export function eraSection(e: EraReport, diff: SceneDiff | null): string {
  const id = e.scene;
  const counts = `${e.saccades.filter((s) => s.kind !== 'microsaccade').length} saccades, ${e.saccades.filter((s) => s.kind === 'microsaccade').length} microsaccades, ${e.blinks.length} blinks, ${e.fixationsMs.length} closed fixations`;
  const long = e.longRunFixations && e.longRunFixations.bins.n > 0 ? e.longRunFixations : null;
  const gamma = e.fixationLaw
    ? `gamma k ${htmlNumber(e.fixationLaw.law.shape)}, clamped ${htmlNumber(e.fixationLaw.law.minMs)}–${htmlNumber(e.fixationLaw.law.maxMs)} ms, mean ${htmlNumber(e.fixationLaw.clampedMeanMs)} ms`
    : null;
  const law = long
    ? `bars: ${htmlNumber(long.bins.n)} fixations detected at ${htmlNumber(long.hz)} Hz in eye check's long runs (${htmlNumber(long.seeds)} seeds × ${htmlNumber(long.minutesPerSeed)} min); ${gamma ? `line: the configured ${gamma}` : 'no single configured law'}; dots: this film's ${e.fixationsMs.length}; each as a share of its fixations`
    : gamma
      ? `configured: ${gamma} (line: expected counts for ${e.fixationsMs.length} fixations)`
      : 'no single configured law for this scene (a tour, a locked gaze or a preset other than tuned)';
  const fit = e.mainSequence;
  const fitText = Number.isFinite(fit.slope) ? `fit ${htmlNumber(fit.slope)} ms/° + ${htmlNumber(fit.intercept)} ms, R² ${htmlNumber(fit.r2)}, n ${htmlNumber(fit.n)}` : `no fit (n ${htmlNumber(fit.n)})`;
  // The blink strip is a sheet of many frames: it gets the sheet's width, a single still a third of it.
  const stills = e.stills
    .map((s) => `<figure class="${s.label === 'first-blink' ? 'sheet' : 'still'}"><img alt="${escapeHtml(s.label)}" src="${escapeHtml(s.dataUri)}"><figcaption>${escapeHtml(s.label)}: ${escapeHtml(s.why)}</figcaption></figure>`)
    .join('');
  // A single frame (the sheet, shrunk to the player, reads as noise); the sheet is shown below.
  const poster = e.stills.find((s) => s.label === 'mid-saccade') ?? e.stills.find((s) => s.label !== 'first-blink') ?? null;
  const agreement = e.agreement
    ? (() => {
        const a = e.agreement;
        const said = `${a.counts.map((c) => `${c.what} ${htmlNumber(c.model)} model / ${htmlNumber(c.pixel)} pixels (±${htmlNumber(c.tolerance)}) ${c.pass ? 'agree' : 'DISAGREE'}`).join(', ')}; aperture within ${htmlNumber(a.apertureMaxAbsMm)} mm of the model on every frame (cap ${htmlNumber(a.apertureCapMm)} mm)`;
        return `${figure(`${id}/agreement-aperture`, `model vs pixels at the film's frames: ${said}`, agreementPlot(a, e.durationS, 'aperture'))}${figure(`${id}/agreement-yaw`, 'model vs pixels: yaw (no dot: the pupil lost under the lid)', agreementPlot(a, e.durationS, 'yaw'))}`;
      })()
    : '<p class="note">rendered with --no-pixels: no pixel measurement to compare</p>';
  return `<section class="era" id="${escapeHtml(id)}">
<h2>${escapeHtml(e.scene)} <small>era ${escapeHtml(e.era)}, ${escapeHtml(e.mode)}, ${escapeHtml(e.preset)}, seed ${htmlNumber(e.seed)}, ${htmlNumber(e.durationS)} s at ${htmlNumber(e.fps)} fps, ${htmlNumber(e.width)}×${htmlNumber(e.height)}</small></h2>
${diff && diff.verdict !== 'unchanged' ? diffSection(diff) : ''}
<div class="film"><video controls preload="none"${videoWidth(e.width)} src="${escapeHtml(e.filmHref)}"${poster ? ` poster="${escapeHtml(poster.dataUri)}"` : ''}></video>
<p class="note">${escapeHtml(e.filmHref)} (a file beside this page; played from disk, fetched only when played)</p></div>
<h3 id="${escapeHtml(checkId('caps', id))}">Calm caps (eye check)</h3>${e.caps.length ? capsTable(e.caps) : '<p class="note">eye check has not asserted this scene (see the notes at the top)</p>'}
<h3>Film against its era (p10–p90)</h3>${e.spread.length ? spreadTable(e.spread) : '<p class="note">no spread recorded for this film</p>'}
<h3>Plots</h3><p class="note">detected from the model's 240 Hz trace: ${counts}</p>
${figure(`${id}/gaze`, `gaze yaw and pitch (drawn at ${htmlNumber(e.signal.drawnHz)} Hz); amber: saccades, violet: microsaccades (as detected at 240 Hz)`, gazePlot(e))}
${figure(`${id}/aperture`, 'palpebral opening; grey: detected blinks (lighter: partial)', aperturePlot(e))}
<div class="pair">${
    e.fixationsMs.length || e.fixationLaw || long
      ? figure(`${id}/fixations`, `fixation durations; ${law}`, fixationHistogram(e))
      : '<p class="note">no fixation histogram: no fixation closed on both sides, and no configured law</p>'
  }${
    e.saccades.length
      ? figure(`${id}/main-sequence`, `main sequence (rings: saccades cut by missing data, left out of the fit); ${fitText}`, mainSequencePlot(e))
      : '<p class="note">no main sequence: no saccade detected in this film</p>'
  }</div>
<div id="${escapeHtml(checkId('pixels', id))}">${agreement}</div>
<details id="${escapeHtml(checkId('render', id))}"><summary>Everything eye render held this film to (${e.renderAssertions.filter((a) => a.pass).length}/${e.renderAssertions.length} pass)</summary>${capsTable(e.renderAssertions)}</details>
<h3>Stills</h3>${e.sheet ? `<figure class="sheet"><img alt="contact sheet" src="${escapeHtml(e.sheet.dataUri)}"><figcaption>${escapeHtml(e.sheet.why)}</figcaption></figure>` : ''}<div class="stills">${stills}</div>
</section>`;
}
