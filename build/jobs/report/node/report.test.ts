import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS } from '../../../measure/params.ts';
import { simulate } from '../../../model/player.ts';
import { withSettings } from '../../../scene/parse.ts';
import { runEye } from '../../../testing/run-eye.ts';
import { tempDir } from '../../../testing/temp-dir.ts';
import { findBrowser } from '../../../node/browser/find-browser.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { findFfmpeg } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { traceJson } from '../../render/core/trace-json.ts';
import { loadReport, SCREENSHOT_SCALE } from './load-report.ts';
import { runReport } from './run-report.ts';
import { REPORT_CSP } from '../../../report/proof/report-policy.ts';

/** A proof folder as eye render leaves one, without rendering: the model's own trace, a summary, a still and a sheet. */
async function fakeProof(): Promise<string> {
  const proof = tempDir('eye-report-');
  const scene = withSettings(loadScene('1970-script'), { durationS: 6 });
  const trace = simulate(scene);
  const dir = join(proof, scene.name);
  mkdirSync(join(dir, 'stills'), { recursive: true });
  const columns = Object.fromEntries(Object.entries(trace.columns).map(([k, v]) => [k, Array.from(v)]));
  writeFileSync(join(dir, 'trace.json'), traceJson(scene, [{ columns: columns as never, events: trace.events }]));
  writeFileSync(join(dir, 'summary.json'), JSON.stringify({ scene: scene.name, durationS: scene.durationS, fps: scene.fps, width: 64, height: 36, seed: scene.seed }));
  // A real H.264 file, so the load test can open it as a play would.
  execFileSync(findFfmpeg().ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=black:s=64x36:d=1:r=30', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', join(dir, 'film.mp4')]);
  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#224422' } }).png().toBuffer();
  writeFileSync(join(dir, 'stills', 'sheet.png'), png);
  writeFileSync(join(dir, 'stills', 'mid-saccade.png'), png);
  writeFileSync(
    join(dir, 'stills', 'index.json'),
    JSON.stringify({ sheet: { file: 'sheet.png', frames: [0, 1] }, stills: [{ name: 'mid-saccade', found: true, file: 'mid-saccade.png', why: 'test' }, { name: 'partial-blink', found: false, file: null, why: 'none' }] }),
  );
  return proof;
}

describe('eye report', () => {
  let proof: string;
  beforeAll(async () => {
    proof = await fakeProof();
  });

  it('writes index.html that loads from disk with no error and no request, every plot drawn, and a screenshot', async () => {
    const r = await runReport({ proofDir: proof, ledgerFile: join(proof, 'no-ledger.jsonl'), params: DEFAULT_PARAMS, load: true });
    expect(r.load).not.toBeNull();
    const l = r.load!;
    expect({ errors: l.errors, requests: l.requests, scripts: l.scripts, empty: l.emptyPlots, missing: l.missingFilms, unplayable: l.unplayableFilms }).toEqual({ errors: [], requests: [], scripts: [], empty: [], missing: [], unplayable: [] });
    expect(l.csp).toBe(REPORT_CSP);
    expect(l.plots.length).toBe(r.plots);
    expect(l.plots.map((p) => p.id)).toEqual(expect.arrayContaining(['blink-raster', '1970-script/gaze', '1970-script/aperture', '1970-script/fixations', '1970-script/main-sequence']));
    expect(l.films).toBe(1);
    expect(l.inlineLoads).toBeGreaterThan(0);
    expect(r.pass).toBe(true);
    const shot = await sharp(join(proof, 'report.png')).metadata();
    expect(shot.width).toBe(1200 * SCREENSHOT_SCALE);
    expect(l.coveredPx).toBe(l.pageHeightPx);
    expect(shot.height).toBe(Math.round(l.pageHeightPx * SCREENSHOT_SCALE));
    expect(readFileSync(join(proof, 'index.html'), 'utf8')).toContain('eye check has not run');
    expect(l.brokenLinks).toEqual([]);
    expect(await sharp(l.firstScreen).metadata()).toMatchObject({ width: 1280, height: 800 });
    expect(readFileSync(join(proof, 'index.html'), 'utf8')).toContain('no baseline diff run');
  }, 60_000);

  it('with eye diff\'s verdicts: the first screen\'s table, the review clip linked and opening, every link landing; a rejected diff.json is said, not fatal', async () => {
    const p = await fakeProof();
    // A scene that held, named to sort first: the table and the sections must still open on the failing and the changed.
    cpSync(join(p, '1970-script'), join(p, '1969-held'), { recursive: true });
    mkdirSync(join(p, 'diff'));
    execFileSync(findFfmpeg().ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=gray:s=96x36:d=1:r=30', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', join(p, 'diff', 'review.mp4')]);
    const diff = {
      schema: 'eye-diff/1',
      against: { kind: 'baseline', rev: null },
      scenes: [
        { scene: '1970-script', verdict: 'beyond', approved: false, why: null, firstDifferentFrame: 4, events: { added: 0, removed: 0, moved: 1, list: [{ kind: 'blink', change: 'moved', baselineS: 1, currentS: 1.08, shiftMs: 80, amplitudeDeg: null, baselineAmplitudeDeg: null }] }, metrics: [], stretches: [{ startS: 0.9, endS: 1.3, minSsim: 0.9 }], reviewClip: 'diff/review.mp4', reviewPoster: null, baselineStills: ['1970-script/stills/sheet.png'], currentStills: ['1970-script/stills/mid-saccade.png'], minSsim: 0.9, maxLocalDifference: 40, notes: [] },
        { scene: '1969-held', verdict: 'unchanged', approved: true, why: 'first', firstDifferentFrame: null, events: { added: 0, removed: 0, moved: 0, list: [] }, metrics: [], stretches: [], reviewClip: null, reviewPoster: null, baselineStills: [], currentStills: [], minSsim: null, maxLocalDifference: null, notes: [] },
        { scene: '1981-script', verdict: 'missing', approved: false, why: null, firstDifferentFrame: null, events: { added: 0, removed: 0, moved: 0, list: [] }, metrics: [], stretches: [], reviewClip: null, reviewPoster: null, baselineStills: [], currentStills: [], minSsim: null, maxLocalDifference: null, notes: [] },
      ],
    };
    writeFileSync(join(p, 'diff', 'diff.json'), JSON.stringify(diff));
    const r = await runReport({ proofDir: p, ledgerFile: join(p, 'none.jsonl'), params: DEFAULT_PARAMS, load: true });
    const l = r.load!;
    expect({ pass: r.pass, errors: l.errors, requests: l.requests, broken: l.brokenLinks, unplayable: l.unplayableFilms }).toEqual({ pass: true, errors: [], requests: [], broken: [], unplayable: [] });
    expect(l.films).toBe(3);
    // In the browser: the first rows are the failing then the changed scene, each linking to its section (and the
    // failing one to its review clip), every row within the first screen; the sections below in the same order.
    expect(l.overview.map((r) => [r.scene, r.status])).toEqual([
      ['1970-script', 'failed'],
      ['1981-script', 'changed'],
      ['1969-held', 'held'],
    ]);
    expect(l.overview[0].links).toEqual(expect.arrayContaining(['#1970-script', '#since-1970-script', 'diff/review.mp4']));
    expect(l.overview[1].links).toEqual(expect.arrayContaining(['#1981-script']));
    expect(Math.max(...l.overview.map((r) => r.bottomPx))).toBeLessThanOrEqual(800);
    expect(l.sections).toEqual(['1970-script', '1981-script', '1969-held']);
    const html = readFileSync(r.html, 'utf8');
    expect(html.indexOf('<table class="overview"')).toBeLessThan(html.indexOf('<section class="era"'));
    expect(html).toContain('CHANGED BEYOND tolerance');
    expect(html).toContain('id="since-1970-script"');
    // A broken link is seen: the section a row links to, gone.
    writeFileSync(r.html, html.replace('id="since-1970-script"', 'id="elsewhere"'));
    expect((await loadReport(r.html, join(p, 'shot.png'), findBrowser())).brokenLinks).toEqual(['#since-1970-script']);
    // A diff.json of another schema: the page is written and loads; it says the file was rejected and shows no verdict.
    writeFileSync(join(p, 'diff', 'diff.json'), JSON.stringify({ ...diff, schema: 'eye-diff/9' }));
    const rejected = await runReport({ proofDir: p, ledgerFile: join(p, 'none.jsonl'), params: DEFAULT_PARAMS, load: false });
    const page = readFileSync(rejected.html, 'utf8');
    expect(page).toContain('diff.json rejected');
    expect(page).not.toContain('CHANGED BEYOND');
  }, 120_000);

  it('keeps a page whose inputs are unchanged (a repeated ledger run too), and builds it again when a scene file, a new run or its own bytes change', async () => {
    const ledger = join(proof, 'ledger.jsonl');
    const line = (value: number) => `${JSON.stringify({ time: 't', revision: 'abc1234', dirty: false, command: 'render', argv: [], scenes: [{ scene: '1970-script', pass: true, metrics: { frames: value } }], pass: true, wallMs: 1 })}\n`;
    writeFileSync(ledger, line(180));
    const o = { proofDir: proof, ledgerFile: ledger, params: DEFAULT_PARAMS, load: true };
    const first = await runReport(o);
    expect(first.pass && !first.kept).toBe(true);
    const stamp = join(proof, 'report.json');
    expect(existsSync(stamp)).toBe(true);
    // The same run again (a warm ./make.sh appends such lines): kept, with the load test's numbers of the run that wrote it.
    appendFileSync(ledger, line(180));
    const again = await runReport(o);
    expect(again.kept).toBe(true);
    expect(again.load).toEqual(first.load);
    // A run whose numbers changed: built again.
    appendFileSync(ledger, line(181));
    expect((await runReport(o)).kept).toBe(false);
    expect((await runReport(o)).kept).toBe(true);
    // A scene folder's file changed: built again.
    const summary = join(proof, '1970-script', 'summary.json');
    writeFileSync(summary, readFileSync(summary, 'utf8').replace('"seed"', '"note":"x","seed"'));
    expect((await runReport(o)).kept).toBe(false);
    // The page's own bytes changed since it was written (the deliberately bad input): built again, not vouched for.
    appendFileSync(join(proof, 'index.html'), '<!-- edited -->');
    expect((await runReport(o)).kept).toBe(false);
    expect(readFileSync(join(proof, 'index.html'), 'utf8')).not.toContain('<!-- edited -->');
    // --force builds anyway.
    expect((await runReport({ ...o, force: true })).kept).toBe(false);
  }, 180_000);

  it('fails a page that errs, fetches, has an empty plot or links a missing film (the load test sees each)', async () => {
    const dir = tempDir('eye-report-bad-');
    const file = join(dir, 'index.html');
    writeFileSync(
      file,
      `<!doctype html><html><body><script>console.error('boom')</script><img src="missing.png">
<figure class="plot" data-plot="empty"><svg><g aria-label="line"></g></svg></figure>
<figure class="plot" data-plot="full"><svg><g aria-label="dot"><circle r="1"></circle></g></svg></figure>
<video preload="none" src="gone/film.mp4"></video></body></html>`,
    );
    const l = await loadReport(file, join(dir, 'shot.png'), findBrowser());
    expect(l.errors.some((e) => e.includes('boom'))).toBe(true);
    expect(l.requests.some((u) => u.endsWith('/missing.png'))).toBe(true);
    expect(l.emptyPlots).toEqual(['empty']);
    expect(l.missingFilms.length).toBe(1);
    expect(l.unplayableFilms).toEqual(['gone/film.mp4']);
    expect(existsSync(join(dir, 'shot.png'))).toBe(true);
  }, 60_000);

  it('the screenshot holds the whole of a page taller than one capture: strips, stitched, the bottom rows included', async () => {
    const dir = tempDir('eye-report-tall-');
    const file = join(dir, 'index.html');
    // 40,000 px: three captures. A red band at its very end, a blue one straddling the first seam.
    writeFileSync(
      file,
      `<!doctype html><html><body style="margin:0;background:#fff"><div style="height:15900px"></div><div style="height:200px;background:#00f"></div><div style="height:23700px"></div><div style="height:200px;background:#f00"></div></body></html>`,
    );
    const l = await loadReport(file, join(dir, 'shot.png'), findBrowser());
    expect(l.pageHeightPx).toBe(40_000);
    expect({ covered: l.coveredPx, strips: l.strips, height: l.screenshotHeightPx }).toEqual({ covered: 40_000, strips: 3, height: 40_000 * SCREENSHOT_SCALE });
    const { data, info } = await sharp(join(dir, 'shot.png')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const rgb = (yPagePx: number) => {
      const i = (Math.floor(yPagePx * SCREENSHOT_SCALE) * info.width + 10) * 3;
      return [data[i], data[i + 1], data[i + 2]];
    };
    expect(rgb(39_950)).toEqual([255, 0, 0]);
    expect(rgb(15_950)).toEqual([0, 0, 255]);
    expect(rgb(16_050)).toEqual([0, 0, 255]);
    expect(rgb(20_000)).toEqual([255, 255, 255]);
  }, 60_000);

  it('exits 2 naming the folder when there is no proof folder or nothing rendered in it', async () => {
    const none = await runEye(['report', '--proof-dir', join(proof, 'nowhere')]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no proof folder at .*nowhere/);
    const empty = await runEye(['report', '--proof-dir', tempDir('eye-report-empty-'), '--no-load']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/no rendered scene in/);
  }, 60_000);
});
