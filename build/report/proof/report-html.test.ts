import { describe, expect, it } from 'vitest';
import { CALM_CAPS } from '../../spec/eye-spec.ts';
import { CONTACT, ERA_GAZE } from '../../model/eras/era-gaze.ts';
import { FIXATION_CAP_MARGIN } from '../../model/tuned/gaze/patterns/create-pattern.ts';
import { FIXATION_LAW, READING_FIXATION_LAW } from '../../model/tuned/gaze/fixation-duration.ts';
import { dataMarks, fixtureEra, fixtureReport } from '../../testing/report-fixture.ts';
import { capsTable } from './caps-table.ts';
import { fixationGammaOf } from './fixation-gamma-of.ts';
import { reportHtml } from './report-html.ts';

const scene = { preset: 'tuned' as const, era: '1970' as const, mode: 'script' as const, tour: [], overrides: {} };

describe('proof/index.html', () => {
  it('asks for nothing at load: no script, no stylesheet link, every image inline, films linked and not preloaded', () => {
    const html = reportHtml(fixtureReport());
    expect(html).not.toMatch(/<script|<link|<iframe|@import|url\(/i);
    const srcs = [...html.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1]);
    expect(srcs.length).toBeGreaterThan(0);
    expect(srcs.every((s) => s.startsWith('data:image/'))).toBe(true);
    expect(html).toMatch(/<video controls preload="none"[^>]* src="1970-script\/film.mp4"/);
    expect(html).not.toMatch(/\s(src|href|poster)="(https?:)?\/\//);
  });

  it('has a plot figure for each required view of each film, plus the raster and the ledger history', () => {
    const html = reportHtml(fixtureReport());
    const ids = [...html.matchAll(/<figure class="plot" data-plot="([^"]*)"/g)].map((m) => m[1]);
    for (const want of ['blink-raster', '1970-script/gaze', '1970-script/aperture', '1970-script/fixations', '1970-script/main-sequence', '1970-script/agreement-aperture', '1970-script/agreement-yaw', 'ledger/saccadesPerS', 'ledger/meanFixationMs']) {
      expect(ids).toContain(want);
    }
    // The ledger plots only the report's scenes: "other" ran too, but has no film here.
    expect(html).toContain('saccadesPerS: 2 values over 2 runs');
  });

  it('draws no empty plot: an eye that holds still (no saccade, blink or fixation) gets a note in their place', () => {
    const still = fixtureEra({ scene: '1970-script-none', preset: 'none', saccades: [], blinks: [], fixationsMs: [], fixationLaw: null, mainSequence: { slope: NaN, intercept: NaN, r2: NaN, n: 0 } });
    const html = reportHtml(fixtureReport({ eras: [still] }));
    const figures = [...html.matchAll(/<figure class="plot" data-plot="([^"]*)">([\s\S]*?)<figcaption>/g)];
    expect(figures.length).toBeGreaterThan(0);
    for (const [, id, svg] of figures) expect(dataMarks(svg), id).toBeGreaterThan(0);
    expect(html).toContain('no main sequence: no saccade detected');
    expect(html).toContain('no blink detected in any film');
    expect(figures.map((f) => f[1])).not.toContain('1970-script-none/main-sequence');
  });

  it('escapes text that came from files', () => {
    const html = reportHtml(fixtureReport({ eras: [fixtureEra({ scene: '<b>x</b>' })], notes: ['a & b'] }));
    expect(html).not.toContain('<b>x</b>');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).toContain('a &amp; b');
  });

  it('marks a failed cap as FAIL, by word and class', () => {
    const t = capsTable([{ scene: 's', name: 'saccades per second', metric: 'saccadesPerS', value: 2.5, cap: { max: 1.6 }, capText: '≤ 1.6 /s', pass: false }]);
    expect(t).toContain('<tr class="fail">');
    expect(t).toContain('FAIL');
    expect(capsTable([{ scene: 's', name: 'x', metric: 'x', value: 1, cap: { max: 1.6 }, capText: '≤ 1.6 /s', pass: true }])).not.toContain('FAIL');
  });
});

describe('the configured fixation law of a scene', () => {
  it('is the model\'s: reading k 5 at the cap margin for 1970\'s script, contact k 4 at rest, none for a preset or a tour', () => {
    const reading = ERA_GAZE['1970'].pattern;
    expect(reading.kind).toBe('read');
    expect(fixationGammaOf(scene)).toEqual({ law: READING_FIXATION_LAW, clampedMeanMs: Math.max((reading as { fixMs: number }).fixMs, CALM_CAPS.meanFixationMs.min! * FIXATION_CAP_MARGIN) });
    expect(fixationGammaOf({ ...scene, mode: 'rest' })).toEqual({ law: FIXATION_LAW, clampedMeanMs: CONTACT.fixMs });
    expect(fixationGammaOf({ ...scene, overrides: { fixMs: 400 } })?.clampedMeanMs).toBe(400);
    expect(fixationGammaOf({ ...scene, preset: 'generic' })).toBeNull();
    expect(fixationGammaOf({ ...scene, tour: [{ era: '1970', atS: 0 }] as never })).toBeNull();
  });
});
