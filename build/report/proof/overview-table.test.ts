import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { fixtureEra, fixtureReport } from '../../testing/report-fixture.ts';
import { overviewRows } from './overview-table.ts';
import type { BaselineDiff, SceneDiff } from './report-data.ts';
import { reportHtml } from './report-html.ts';

const sceneDiff = (scene: string, over: Partial<SceneDiff> = {}): SceneDiff => ({
  scene,
  verdict: 'unchanged',
  approved: false,
  why: null,
  firstDifferentFrame: null,
  events: { added: 0, removed: 0, moved: 0, list: [] },
  metrics: [],
  stretches: [],
  reviewClipHref: null,
  poster: null,
  baselineStills: [],
  currentStills: [],
  missingFiles: [],
  ...over,
});
const diffOf = (scenes: SceneDiff[]): BaselineDiff => ({ state: 'read', file: 'proof/diff/diff.json', problem: null, against: { kind: 'baseline', rev: null }, scenes });
const failedCap = { scene: 'x', name: 'saccades per second', metric: 'saccadesPerS', value: 2.5, cap: { max: 1.6 }, capText: '≤ 1.6 /s', pass: false };

describe('the first screen: every scene against every check', () => {
  it('puts failing scenes first, then changed ones, then the rest, by name within each', () => {
    const eras = ['a-held', 'b-within', 'c-failcap', 'd-beyond', 'e-approved', 'f-unchanged', 'g-pixels'].map((scene) =>
      fixtureEra({ scene, caps: scene === 'c-failcap' ? [{ ...failedCap, scene }] : [], agreement: scene === 'g-pixels' ? { ...fixtureEra().agreement!, pass: false } : fixtureEra().agreement }),
    );
    const diff = diffOf([
      sceneDiff('b-within', { verdict: 'within' }),
      sceneDiff('d-beyond', { verdict: 'beyond' }),
      sceneDiff('e-approved', { verdict: 'beyond', approved: true, why: 'new catchlight' }),
      sceneDiff('f-unchanged'),
      sceneDiff('z-missing', { verdict: 'missing' }),
    ]);
    const rows = overviewRows({ eras, diff });
    expect(rows.map((r) => [r.scene, r.status])).toEqual([
      ['c-failcap', 'failed'],
      ['d-beyond', 'failed'],
      ['g-pixels', 'failed'],
      ['b-within', 'changed'],
      ['e-approved', 'changed'],
      ['z-missing', 'changed'],
      ['a-held', 'held'],
      ['f-unchanged', 'held'],
    ]);
    // The page's table is in that order, each row linking to its scene's section.
    const html = reportHtml(fixtureReport({ eras, diff }));
    const { document } = parseHTML(html);
    const table = [...document.querySelectorAll('table.overview tbody tr')];
    expect(table.map((tr) => tr.querySelector('a')!.getAttribute('href'))).toEqual(rows.map((r) => `#${r.scene}`));
    // The sections below follow the table's order (the scene with no film included), and so does the nav.
    expect([...document.querySelectorAll('section.era')].map((s) => s.getAttribute('id'))).toEqual(rows.map((r) => r.scene));
    expect([...document.querySelectorAll('nav a')].map((a) => a.getAttribute('href')).slice(0, rows.length)).toEqual(rows.map((r) => `#${r.scene}`));
    // The headline counts each scene once, and says which failures are unapproved changes.
    expect(document.querySelector('p.answer b')!.textContent).toBe(
      '8 scenes: 3 failed (1 by a change since the baseline beyond tolerance, not approved), 3 changed since the baseline within tolerance or approved, 2 held',
    );
    // A hostile "pass" (not true) holds nothing.
    expect(overviewRows({ eras: [fixtureEra({ caps: [{ ...failedCap, pass: 'yes' as never }] })] })[0].status).toBe('failed');
  });

  it('says "no baseline diff run" when eye diff has not run, and that the file was rejected when it was', () => {
    const none = reportHtml(fixtureReport());
    expect(none).toContain('no baseline diff run');
    const rejected = reportHtml(fixtureReport({ diff: { state: 'rejected', file: 'proof/diff/diff.json', problem: 'field schema: expected "eye-diff/1", got "x"', against: null, scenes: [] } }));
    expect(rejected).toContain('diff.json rejected');
    expect(rejected).toContain('field schema: expected &quot;eye-diff/1&quot;');
  });

  it('escapes hostile scene names and why text in the table and the changed section', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const why = '</td><script>alert(2)</script>';
    const html = reportHtml(
      fixtureReport({
        eras: [fixtureEra({ scene: evil, caps: [{ ...failedCap, scene: evil, name: `<b>${evil}</b>` }] })],
        diff: diffOf([sceneDiff(evil, { verdict: 'beyond', approved: true, why, metrics: [{ name: '<i>m</i>', unit: '"ms"', baseline: 1, current: 2, p10: null, p90: null, beyond: true }] })]),
      }),
    );
    expect(html).not.toContain(evil);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b><img');
    expect(html).not.toContain('<i>m</i>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('approved: &lt;/td&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    const { document } = parseHTML(html);
    expect(document.querySelectorAll('script, img[onerror]').length).toBe(0);
  });

  it('every in-page link lands on an element, the changed scene\'s block and a scene with no film included; the review clip is linked and played from beside the page', () => {
    const diff = diffOf([
      sceneDiff('1970-script', { verdict: 'beyond', reviewClipHref: 'diff/review.mp4', poster: { label: 'frame-000031', why: 'diff/posters/1970-script/frame-000031.webp', dataUri: 'data:image/webp;base64,CCCC' }, baselineStills: [{ label: 'b', why: 'x', dataUri: 'data:image/webp;base64,AAAA' }], currentStills: [{ label: 'c', why: 'y', dataUri: 'data:image/webp;base64,BBBB' }] }),
      sceneDiff('gone-scene', { verdict: 'missing' }),
    ]);
    const html = reportHtml(fixtureReport({ diff }));
    const { document } = parseHTML(html);
    const ids = new Set([...document.querySelectorAll('[id]')].map((e) => e.getAttribute('id')));
    const hrefs = [...document.querySelectorAll('a[href^="#"]')].map((a) => a.getAttribute('href')!.slice(1));
    expect(hrefs).toEqual(expect.arrayContaining(['since-1970-script', 'gone-scene', '1970-script']));
    for (const h of hrefs) expect(ids.has(h), h).toBe(true);
    expect(document.querySelector('table.overview a[href="diff/review.mp4"]')).not.toBeNull();
    expect(document.querySelector('#since-1970-script video[preload="none"][src="diff/review.mp4"]')).not.toBeNull();
    expect(document.querySelectorAll('#since-1970-script .beside img').length).toBe(2);
    // The clip's poster: shown as a picture and as the player's poster, so the change is seen without playing.
    expect(document.querySelector('#since-1970-script .review-poster img[src="data:image/webp;base64,CCCC"]')).not.toBeNull();
    expect(document.querySelector('#since-1970-script video[poster="data:image/webp;base64,CCCC"]')).not.toBeNull();
  });
});
