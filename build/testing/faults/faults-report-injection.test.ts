import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { traceJson } from '../../jobs/render/core/trace-json.ts';
import { simulate } from '../../model/player.ts';
import { findBrowser } from '../../node/browser/find-browser.ts';
import { loadScene } from '../../node/io/load-scene.ts';
import { loadReport } from '../../jobs/report/node/load-report.ts';
import { findFfmpeg } from '../../node/ffmpeg/find-ffmpeg.ts';
import type { ReportData } from '../../report/proof/report-data.ts';
import { reportHtml } from '../../report/proof/report-html.ts';
import { REPORT_CSP, REPORT_CSP_META } from '../../report/proof/report-policy.ts';
import { withSettings } from '../../scene/parse.ts';
import { fixtureReport } from '../report-fixture.ts';
import { runEye } from '../run-eye.ts';
import { tempDir } from '../temp-dir.ts';

/** What a file could hold in place of any value: it closes an attribute, a title and a tag, and tries to run. */
const PAYLOAD = `"'></title></style><script>document.title=1</script><img src=x onerror="document.title=2">`;

/** Script anywhere in a page, as a browser would find it: elements that run or load, handler attributes, javascript: URLs. */
function scriptIn(html: string): string[] {
  const { document } = parseHTML(html);
  const found: string[] = [];
  for (const el of document.querySelectorAll('*')) {
    if (['script', 'iframe', 'frame', 'object', 'embed', 'base'].includes(el.localName)) found.push(`<${el.localName}>`);
    for (const a of el.attributes) {
      if (a.name.startsWith('on')) found.push(`${a.name}= on <${el.localName}>`);
      if (/^\s*javascript:/i.test(a.value)) found.push(`javascript: in ${a.name}`);
    }
  }
  return found;
}

/** Every leaf of the fixture (each array's first item only: the rest are more of the same), as a path of keys. */
function leaves(v: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return v.length ? leaves(v[0], [...path, 0]) : [];
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => leaves(x, [...path, k]));
  return [path];
}

/** Values no file holds: the detectors' output from the trace, and the law the model's own tables give (fixation-gamma-of.ts). */
const COMPUTED = ['eras.0.saccades.0.amplitudeDeg', 'eras.0.saccades.0.durationMs', 'eras.0.fixationsMs.0', 'eras.0.fixationLaw.law.maxMs'];

function withPayload(data: ReportData, paths: (string | number)[][]): ReportData {
  const copy = structuredClone(data) as unknown as Record<string | number, unknown>;
  for (const path of paths) {
    let at = copy;
    for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
    at[path[path.length - 1]] = PAYLOAD;
  }
  return copy as unknown as ReportData;
}

/**
 * The fixture with eye check's long runs too (its leaves are check/summary.json's). Each value is tried
 * in batches, split in half when a batch's page shows script or its build throws, down to the one value:
 * a build that throws writes no page (a stack is exit-code business), a page with script is the fault.
 */
function injections(data: ReportData): { injected: string[]; threw: string[] } {
  const injected: string[] = [];
  const threw: string[] = [];
  const tryBatch = (paths: (string | number)[][]) => {
    let html: string | null = null;
    try {
      html = reportHtml(withPayload(data, paths));
    } catch {
      html = null;
    }
    const found = html === null ? [] : scriptIn(html);
    const policyFirst = html === null || html.includes(`<head><meta charset="utf-8">${REPORT_CSP_META}`);
    if (html !== null && found.length === 0 && policyFirst) return;
    if (paths.length > 1) {
      const half = Math.ceil(paths.length / 2);
      tryBatch(paths.slice(0, half));
      tryBatch(paths.slice(half));
      return;
    }
    const where = paths[0].join('.');
    if (html === null) threw.push(where);
    else injected.push(`${where}: ${found.join(', ') || 'the policy is not the head\'s first element after the charset'}`);
  };
  const paths = leaves(data);
  const computed = paths.filter((p) => COMPUTED.includes(p.join('.')));
  const read = paths.filter((p) => !COMPUTED.includes(p.join('.')));
  for (let i = 0; i < read.length; i += 32) tryBatch(read.slice(i, i + 32));
  for (const p of computed) tryBatch([p]);
  return { injected, threw };
}

describe('fault: a value from a file cannot put script into proof/index.html', () => {
  it('every value the page is built from, replaced by markup that tries to run, is shown as text or "invalid": no script, no handler, the policy first', () => {
    const era = { ...fixtureReport().eras[0], longRunFixations: { bins: { binMs: 10, counts: [0, 3, 5, 2], n: 10 }, hz: 240, seeds: 3, minutesPerSeed: 10 } };
    const data = fixtureReport({ eras: [era], notes: ['a note'] });
    expect(leaves(data).length).toBeGreaterThan(60);
    const { injected, threw } = injections(data);
    expect(injected).toEqual([]);
    // No value read from a file stops the page; these four the pipeline computes itself (the detectors, the model's law).
    expect(threw).toEqual(COMPUTED);
  });

  it('a number field holding anything else reads "invalid" on the page (seed, fps, size, the pixel counts), never its text', () => {
    const era = { ...fixtureReport().eras[0], seed: PAYLOAD, fps: '30', width: { x: 1 }, height: [360] } as unknown as ReportData['eras'][number];
    const html = reportHtml(fixtureReport({ eras: [era] }));
    expect(html).toContain('seed invalid, 4 s at invalid fps, invalid×invalid');
    expect(html).not.toContain('document.title');
  });

  it('eye report on a summary.json whose seed, fps, width and height are script: nothing of it runs when the page is opened', async () => {
    const proof = tempDir('eye-faults-inject-');
    const scene = withSettings(loadScene('1970-script'), { durationS: 2 });
    const trace = simulate(scene);
    const dir = join(proof, scene.name);
    mkdirSync(dir, { recursive: true });
    const columns = Object.fromEntries(Object.entries(trace.columns).map(([k, v]) => [k, Array.from(v)]));
    writeFileSync(join(dir, 'trace.json'), traceJson(scene, [{ columns: columns as never, events: trace.events }]));
    const script = '<script>document.title=1</script>';
    writeFileSync(join(dir, 'summary.json'), JSON.stringify({ scene: scene.name, durationS: scene.durationS, fps: script, width: script, height: script, seed: script }));
    execFileSync(findFfmpeg().ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=black:s=64x36:d=1:r=30', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', join(dir, 'film.mp4')]);
    const r = await runEye(['report', '--proof-dir', proof, '--ledger-file', join(proof, 'no-ledger.jsonl')]);
    // A careful reader may refuse the file instead (exit 2, one line, no page); what it may never do is write a page that runs it.
    expect([0, 2]).toContain(r.code);
    const page = join(proof, 'index.html');
    if (r.code === 2) {
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(page)).toBe(false);
      return;
    }
    const html = readFileSync(page, 'utf8');
    expect(scriptIn(html)).toEqual([]);
    expect(html).not.toContain(script);
    expect(r.stdout).toMatch(/errors 0, requests 0 .*scripts not its own 0, policy in place/);
  });

  it("the load test fails a page where script not its own runs (no policy), and one where the policy stopped it (each counted, named)", async () => {
    const dir = tempDir('eye-faults-inject-load-');
    const bare = join(dir, 'bare.html');
    writeFileSync(bare, '<!doctype html><html><head><meta charset="utf-8"><title>t</title></head><body><p>seed <script>document.title=1</script></p></body></html>');
    const b = await loadReport(bare, join(dir, 'bare.png'), findBrowser());
    expect(b.csp).toBeNull();
    expect(b.scripts).toEqual(expect.arrayContaining(['<script> element', expect.stringMatching(/^script compiled from file:.*bare\.html$/)]));
    const guarded = join(dir, 'guarded.html');
    writeFileSync(guarded, `<!doctype html><html><head><meta charset="utf-8">${REPORT_CSP_META}<title>t</title></head><body><p>seed <script>document.title=1</script><img src="data:," onerror="document.title=2"></p></body></html>`);
    const g = await loadReport(guarded, join(dir, 'guarded.png'), findBrowser());
    expect(g.csp).toBe(REPORT_CSP);
    expect(g.scripts).toEqual(['<script> element', 'onerror attribute on <img>']);
    expect(g.errors).toEqual(expect.arrayContaining(['csp: script-src-elem refused inline']));
  });
});
