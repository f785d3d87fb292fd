import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../model/player.ts';
import type { TruthEvent } from '../../../model/types.ts';
import { scoreEvents } from '../../../measure/score.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { CliError } from '../../../errors/exit.ts';
import { runMeasure } from './run-measure.ts';
import { tempDir } from '../../../testing/temp-dir.ts';
import { synthesize } from '../../../testing/synthetic-gaze.ts';

const dir = tempDir('measure-');
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const exitOf = async (f: () => unknown): Promise<{ code: number; message: string }> => {
  try {
    await f();
  } catch (err) {
    if (err instanceof CliError) return { code: err.exitCode, message: err.message };
    throw err;
  }
  return { code: 0, message: '' };
};

/**
 * A model recording resampled to `hz` (linear interpolation between the 240 Hz steps), as CSV. Seed 1,
 * not the scene file's (a proof film's choice): with seed 7910 a blink starts 0.5 s before the end,
 * before the generator has labelled it, and this plain scoring has no end-of-recording allowance.
 */
function modelCsv(scene: string, seconds: number, hz: number): { csv: string; truth: TruthEvent[] } {
  const trace = simulate({ ...loadScene(scene), seed: 1 }, seconds);
  const c = trace.columns;
  const rows = ['t_ms,x_deg,y_deg,aperture_mm'];
  for (let k = 0; (k * 1000) / hz <= c.tMs[c.tMs.length - 1]; k++) {
    const t = (k * 1000) / hz;
    const i = Math.min(Math.floor((t * 240) / 1000), c.tMs.length - 2);
    const f = (t - c.tMs[i]) / (c.tMs[i + 1] - c.tMs[i]);
    const at = (col: Float64Array) => col[i] + f * (col[i + 1] - col[i]);
    rows.push(`${t.toFixed(3)},${at(c.yawDeg).toFixed(5)},${at(c.pitchDeg).toFixed(5)},${at(c.apertureMm).toFixed(5)}`);
  }
  return { csv: `${rows.join('\n')}\n`, truth: trace.events };
}

describe('eye measure', async () => {
  it('on a generated 500 Hz recording finds what the model labels say', async () => {
    const { csv, truth } = modelCsv('1995-script', 180, 500);
    const r = await runMeasure(file('model-500hz.csv', csv));
    expect(r.sampleRateHz).toBeCloseTo(500, 0);
    const spans = (kind: string) => truth.filter((e) => (kind === 'saccade' ? e.kind !== 'blink' && e.kind !== 'cut' && 'amplitudeDeg' in e && e.amplitudeDeg >= 0.6 : e.kind === kind));
    const saccades = scoreEvents(spans('saccade'), r.events.saccades.filter((s) => s.kind === 'saccade'));
    const blinks = scoreEvents(spans('blink'), r.events.blinks);
    // A few labelled saccades fall wholly inside a blink, where no sample shows them.
    expect(saccades.precision).toBeGreaterThan(0.98);
    expect(saccades.recall).toBeGreaterThan(0.93);
    expect(blinks.f1).toBe(1);
    expect(r.bellDegPerClosure).toBeCloseTo(9, 0);
    expect(r.rates.saccadesPerS).toBeGreaterThan(0.5);
  });

  it('reads any rate, with or without a header and aperture, and gaps as missing samples', async () => {
    const rows: string[] = [];
    for (let i = 0; i <= 1000; i++) {
      const t = i * 4; // 250 Hz
      const x = t >= 2000 ? 5 * Math.min(1, (t - 2000) / 32) : 0;
      rows.push(t >= 1000 && t < 1100 ? `${t},,` : `${t},${x},0`);
    }
    // Noiseless: the reference (the default) has no σ on the flat axis; refined's floor gives it one.
    const r = await runMeasure(file('plain.csv', rows.join('\n')), { method: 'refined' });
    expect(r.sampleRateHz).toBeCloseTo(250, 5);
    expect(r.events.saccades.filter((s) => s.kind === 'saccade')).toHaveLength(1);
    // No aperture column: the 100 ms loss, valid on both sides, is a blink from data loss (loss-blinks.ts).
    expect(r.events.blinks).toMatchObject([{ startMs: 996, endMs: 1100, holdMs: 100, source: 'data-loss' }]);
    expect(r.counts).toEqual({ saccades: 1, microsaccades: 0, blinks: 1, blinksFromDataLoss: 1 });
    expect(r.missingSamples).toBe(25);
    const withHeader = await runMeasure(file('header.csv', `# a comment\ny_deg,t_ms,x_deg\n${rows.map((l) => l.split(',')).map(([t, x, y]) => `${y},${t},${x}`).join('\n')}`), { method: 'refined' });
    expect(withHeader.events.saccades).toEqual(r.events.saccades);
  });

  it('reports malformed rows by line number and exits 2; never crashes on empty, unsorted or non-numeric files', async () => {
    expect(await exitOf(() => runMeasure(file('empty.csv', '')))).toEqual({ code: 2, message: expect.stringContaining('no samples') });
    expect(await exitOf(() => runMeasure(file('header-only.csv', 't_ms,x_deg,y_deg\n')))).toMatchObject({ code: 2 });
    const unsorted = await exitOf(() => runMeasure(file('unsorted.csv', '0,0,0\n8,0,0\n4,0,0\n12,0,0\n')));
    expect(unsorted.code).toBe(2);
    expect(unsorted.message).toContain('line 3: t_ms 4 is not after');
    const garbage = await exitOf(() => runMeasure(file('garbage.csv', 't_ms,x_deg,y_deg\n0,0,0\n4,abc,0\n8,0\n12,0,0\nhello world\n')));
    expect(garbage.code).toBe(2);
    expect(garbage.message).toContain('line 3: x_deg is not a number: "abc"');
    expect(garbage.message).toContain('line 4: expected 3 fields, got 2');
    expect(garbage.message).toContain('line 6: expected 3 fields, got 1');
    expect(await exitOf(() => runMeasure(file('binary.csv', '\u0000\u0001\u0002')))).toMatchObject({ code: 2 });
    expect(await exitOf(() => runMeasure(join(dir, 'nope.csv')))).toMatchObject({ code: 2 });
  });

  it('an all-NaN recording, impossible angles, a huge line and control characters are bad input (exit 2), echoed safely', async () => {
    const allNaN = await exitOf(() => runMeasure(file('nan.csv', 't_ms,x_deg,y_deg\n0,NaN,NaN\n4,,\n8,nan,nan\n')));
    expect(allNaN).toEqual({ code: 2, message: expect.stringContaining('no valid sample: all 3 samples have a missing') });
    const huge = await exitOf(() => runMeasure(file('huge.csv', '0,0,0\n4,1e308,0\n8,0,-1e308\n12,0,91\n16,0,89\n')));
    expect(huge.code).toBe(2);
    expect(huge.message).toContain('line 2: x_deg 1e+308 is outside ±90°');
    expect(huge.message).toContain('line 3: y_deg -1e+308 is outside ±90°');
    expect(huge.message).toContain('line 4: y_deg 91 is outside ±90°');
    expect(huge.message).toContain('3 problem(s)');
    const long = await exitOf(() => runMeasure(file('long.csv', `0,0,0\n${'9'.repeat(2 << 20)}\n`)));
    expect(long).toEqual({ code: 2, message: expect.stringContaining('line 2 is longer than 1 MiB') });
    const ansi = await exitOf(() => runMeasure(file('ansi.csv', '0,0,0\n4,\u001b[31mred,0\n')));
    expect(ansi.message).toContain('"\\u001b[31mred"');
    expect(ansi.message).not.toContain('\u001b');
  });

  it('stops reading a garbage file after its first problems (as a compiler stops), in one line', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `${i},x,0`).join('\n');
    const r = await exitOf(() => runMeasure(file('garbage-many.csv', rows)));
    expect(r.message).toContain('stopped reading at line 20 after 20 problems: line 1:');
    expect(r.message).not.toContain('line 21:');
    expect(r.message).not.toContain('\n');
  });

  it('takes the published parameters at other settings, and states the range of a bad one', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => `${i * 2},${i >= 250 ? 2 : 0},0`).join('\n');
    const p = file('step.csv', rows);
    expect((await runMeasure(p, { method: 'refined', lambda: 5, minDurationMs: 12, microMaxDeg: 1 })).params).toMatchObject({ lambda: 5, minDurationMs: 12, microMaxDeg: 1 });
    // The flags' text is the CLI's to parse (build/cli/commands/measure.test.ts); a caller's number out of range is still bad input.
    expect(await exitOf(() => runMeasure(p, { lambda: 0 }))).toEqual({ code: 2, message: expect.stringContaining('--lambda: expected a number from 1 to 50') });
    expect(await exitOf(() => runMeasure(p, { microMaxDeg: NaN }))).toMatchObject({ code: 2 });
  });

  describe('recordings as they come', () => {
    // 500 Hz, a 3° and a 0.4° movement in the right eye and another in the left; samples lost three ways.
    const right = synthesize({ sampleRateHz: 500, durationMs: 3000, noiseDeg: 0.01, seed: 3, saccades: [{ startMs: 800, dxDeg: 3, dyDeg: -1 }, { startMs: 2000, dxDeg: 0.3, dyDeg: 0.25 }] }).signal;
    const left = synthesize({ sampleRateHz: 500, durationMs: 3000, noiseDeg: 0.01, seed: 4, saccades: [{ startMs: 1500, dxDeg: -2, dyDeg: 0 }] }).signal;
    const lost = (i: number) => (i >= 300 && i < 310 ? 'dot' : i >= 1200 && i < 1205 ? 'zero' : i >= 1300 && i < 1302 ? 'nan' : null);
    // 32 px/°: a power of two, so pixels → degrees gives back the same doubles.
    const PPD = 32;
    const degCsv = () => {
      const rows = ['t_ms,x_deg,y_deg'];
      right.tMs.forEach((t, i) => rows.push(lost(i) ? `${t},,` : `${t},${right.xDeg[i]},${right.yDeg[i]}`));
      return rows.join('\n');
    };
    const trackerTsv = () => {
      const px = (v: number) => String(v * PPD);
      const cell = (i: number, x: number, y: number) => {
        const how = lost(i);
        return how === 'dot' ? ['.', '.'] : how === 'zero' ? ['0', '0'] : how === 'nan' ? ['NaN', 'NaN'] : [px(x), px(-y)];
      };
      const rows = ['TIME\tL_X\tL_Y\tR_X\tR_Y\tPUPIL'];
      right.tMs.forEach((t, i) => rows.push([String(t / 1000), px(left.xDeg[i]), px(-left.yDeg[i]), ...cell(i, right.xDeg[i], right.yDeg[i]), '1234'].join('\t')));
      return rows.join('\n');
    };
    const columns = { t: 'TIME', xl: 'L_X', yl: 'L_Y', xr: 'R_X', yr: 'R_Y' };
    const mapping = { columns, timeUnit: 's', pxPerDeg: PPD } as const;

    it('a binocular tracker file (tab-separated, seconds, pixels, its own column names, lost samples as ".", NaN and a zero pair) reads as the same recording in degrees', async () => {
      const plain = await runMeasure(file('deg.csv', degCsv()));
      const tracker = await runMeasure(file('tracker.tsv', trackerTsv()), { ...mapping, eye: 'right' });
      expect(plain.missingSamples).toBe(17);
      expect(tracker.missingSamples).toBe(17);
      expect(tracker.sampleRateHz).toBeCloseTo(500, 2);
      expect(tracker.events.saccades.length).toBe(2);
      expect(tracker.events.saccades.map((s) => [s.onsetSample, s.offsetSample, s.kind])).toEqual(plain.events.saccades.map((s) => [s.onsetSample, s.offsetSample, s.kind]));
      tracker.events.saccades.forEach((s, k) => {
        expect(s.startMs).toBeCloseTo(plain.events.saccades[k].startMs, 3);
        expect(s.amplitudeDeg).toBeCloseTo(plain.events.saccades[k].amplitudeDeg, 6);
      });
      // Positions as well as events: y down on the screen is up in gaze.
      expect(tracker.events.fixations.map((f) => [f.xDeg, f.yDeg])).toEqual(plain.events.fixations.map((f) => [f.xDeg, f.yDeg]));
      // The same pixels at a screen geometry that gives 32 px/° (a width in mm chosen for it).
      const geo = await runMeasure(file('tracker-geo.tsv', trackerTsv()), { columns, timeUnit: 's', eye: 'right', screenDistanceMm: 600, screenWidthMm: (1920 * 2 * 600 * Math.tan(Math.PI / 360)) / PPD, screenWidthPx: 1920 });
      expect(geo.events.saccades.map((s) => s.onsetSample)).toEqual(plain.events.saccades.map((s) => s.onsetSample));
    });

    // An EyeLink ASC in the shape edf2asc writes it (made here from the same signal): header lines, messages
    // and events between the samples, tab-and-space fields, a pupil column, "." for a lost sample.
    const eyelinkAsc = () => {
      const rows = ['** CONVERTED FROM TEST.EDF using edfapi', '** DATE: none', '**', '', 'MSG\t100 DISPLAY_COORDS  0  0  1919  1079', 'START\t100 \tRIGHT\tSAMPLES\tEVENTS', 'PUPIL\tAREA', 'SAMPLES\tGAZE\tRIGHT\tRATE\t 500.00'];
      right.tMs.forEach((t, i) => {
        if (i === 0) rows.push(`SFIX R   ${t}`);
        if (i === 1000) rows.push(`MSG\t${t} TRIAL OK`, `EFIX R   ${right.tMs[0]}\t${t}\t${t - right.tMs[0]}\t  100.0\t  100.0\t   1234`);
        const [x, y] = lost(i) ? ['   .', '   .'] : [(right.xDeg[i] * PPD).toFixed(4).padStart(9), (-right.yDeg[i] * PPD).toFixed(4).padStart(9)];
        rows.push(`${t}\t${x}\t${y}\t${lost(i) ? '    0.0' : ' 1234.0'}`);
      });
      rows.push(`END\t${right.tMs[right.tMs.length - 1] + 2} \tSAMPLES\tEVENTS\tRES\t  32.00\t  32.00`);
      return rows.join('\n');
    };
    // A plain text export in the shape of the Dorr et al. gaze files: space-separated, time in µs, no
    // header, a label column after x and y, and the screen geometry as text lines before the samples.
    const plainUs = () => {
      const rows = ['# exported', 'gaze 1920 1080', 'geometry distance 0.6 width 0.53 height 0.3'];
      right.tMs.forEach((t, i) => rows.push(`${t * 1000} ${lost(i) ? 'NaN NaN' : `${right.xDeg[i] * PPD} ${-right.yDeg[i] * PPD}`} 1`));
      return rows.join('\n');
    };
    const positional = { columns: { t: '1', x: '2', y: '3' }, skipTextLines: true, pxPerDeg: PPD } as const;

    it('an EyeLink ASC and a space-separated µs export read by field number, their text lines skipped, as the same recording', async () => {
      const plain = await runMeasure(file('deg2.csv', degCsv()), { method: 'ek2003' });
      const asc = await runMeasure(file('tracker.asc', eyelinkAsc()), { ...positional, method: 'ek2003' });
      expect(asc.skippedLines).toBe(11);
      expect(asc.missingSamples).toBe(17);
      expect(asc.sampleRateHz).toBeCloseTo(500, 2);
      expect(asc.events.saccades.length).toBe(2);
      expect(asc.events.saccades.map((s) => [s.onsetSample, s.offsetSample, s.kind])).toEqual(plain.events.saccades.map((s) => [s.onsetSample, s.offsetSample, s.kind]));
      // The ASC's pixels are written to 4 decimals (EyeLink writes 1), so the threshold agrees to 0.01 °/s.
      expect(asc.saccadeDetector.thresholdDegPerS.x).toBeCloseTo(plain.saccadeDetector.thresholdDegPerS.x, 2);
      // The project's own format with a header in its own order: still read as the header, the text lines skipped.
      // Lost samples as NaN, so 17 rows start with a missing value: rows all the same, not text.
      const reordered = degCsv().split('\n').map((l) => l.split(',')).map(([t, x, y]) => `${y || 'NaN'},${t},${x || 'NaN'}`);
      const headed = await runMeasure(file('headed.csv', [reordered[0], 'MSG 1 start', ...reordered.slice(1)].join('\n')), { skipTextLines: true, method: 'ek2003' });
      expect(headed.skippedLines).toBe(1);
      expect(headed.missingSamples).toBe(17);
      expect(headed.events.saccades.map((s) => [s.onsetSample, s.offsetSample, s.kind])).toEqual(plain.events.saccades.map((s) => [s.onsetSample, s.offsetSample, s.kind]));
      const us = await runMeasure(file('tracker-us.txt', plainUs()), { ...positional, timeUnit: 'us', method: 'ek2003' });
      expect(us.skippedLines).toBe(2);
      expect(us.sampleRateHz).toBeCloseTo(500, 2);
      expect(us.durationS).toBeCloseTo(plain.durationS, 6);
      expect(us.events.saccades.map((s) => [s.onsetSample, s.offsetSample, s.kind])).toEqual(plain.events.saccades.map((s) => [s.onsetSample, s.offsetSample, s.kind]));
    });

    it('without --skip-text-lines a tracker file is exit 2 naming its text lines; a field number past the line is exit 2', async () => {
      const asc = file('tracker2.asc', eyelinkAsc());
      const noSkip = await exitOf(() => runMeasure(asc, { ...positional, skipTextLines: false }));
      expect(noSkip.code).toBe(2);
      expect(noSkip.message).toContain('line 1: field 1 (t) is not a number (not a sample line: "** CONVERTED FROM TEST.EDF using edfapi"; --skip-text-lines skips a tracker\'s messages and events)');
      // The samples themselves still read: only the 11 text lines are problems, each saying why.
      expect(noSkip.message).toContain('11 problem(s)');
      // (A tab echoed as \t: messages are made safe to print.)
      expect(noSkip.message).toContain('line 1010: expected 4 fields, got 2 (not a sample line: "MSG\\t2000 TRIAL OK"');
      const past = await exitOf(() => runMeasure(asc, { ...positional, columns: { t: '1', x: '2', y: '7' } }));
      expect(past).toEqual({ code: 2, message: expect.stringContaining('--columns names field 7 but the first sample line has 4 field(s)') });
    });

    it('a file of trials with breaks between them: rates per second recorded, not per second of the clock', async () => {
      const single = await runMeasure(file('trial.csv', degCsv()));
      // The same trial twice, the second starting 1.5 s after the first ended (the tracker stopped between them).
      const rows = degCsv().split('\n');
      const shift = right.tMs[right.tMs.length - 1] + 1500;
      const second = rows.slice(1).map((l) => l.replace(/^[^,]+/, (t) => String(Number(t) + shift)));
      const two = await runMeasure(file('trials.csv', [...rows, ...second].join('\n')));
      expect(single.events.saccades.length).toBeGreaterThan(0);
      expect(two.events.saccades.length).toBe(2 * single.events.saccades.length);
      expect(two.durationS).toBeCloseTo(2 * single.durationS, 6);
      expect(two.rates.saccadesPerS).toBeCloseTo(single.rates.saccadesPerS, 6);
    });

    it("--eye left reads the left eye's columns", async () => {
      const r = await runMeasure(file('tracker-left.tsv', trackerTsv()), { ...mapping, eye: 'left' });
      expect(r.missingSamples).toBe(0);
      expect(r.events.saccades.filter((s) => s.kind === 'saccade').map((s) => Math.round(s.startMs / 100))).toEqual([15]);
    });

    it('bad mappings, units and geometry are exit 2 saying what is allowed', async () => {
      const p = file('tracker-bad.tsv', trackerTsv());
      const noColumn = await exitOf(() => runMeasure(p, { ...mapping, columns: { t: 'TIME', xr: 'RX', yr: 'R_Y' }, eye: 'right' }));
      expect(noColumn.code).toBe(2);
      expect(noColumn.message).toContain('--columns xr=RX: no such column in the header ("TIME", "L_X", "L_Y", "R_X", "R_Y", "PUPIL")');
      expect(await exitOf(() => runMeasure(p, { ...mapping }))).toEqual({ code: 2, message: expect.stringContaining('add --eye left or --eye right') });
      // Pixels read as degrees: the first sample is past ±90°, and the message says which unit was assumed.
      const asDeg = await exitOf(() => runMeasure(p, { columns, timeUnit: 's', eye: 'right' }));
      expect(asDeg.code).toBe(2);
      // …and pixels at far too few per degree.
      const fewPpd = await exitOf(() => runMeasure(p, { ...mapping, eye: 'left', pxPerDeg: 0.1 }));
      expect(fewPpd.message).toContain('px/°: check --px-per-deg or the screen geometry');
      expect(await exitOf(() => runMeasure(p, { minSamples: 2.5 }))).toEqual({ code: 2, message: expect.stringContaining('--min-samples: expected a whole number from 1 to 1000') });
      expect(await exitOf(() => runMeasure(p, { minSamples: 3, minDurationMs: 6 }))).toEqual({ code: 2, message: expect.stringContaining('give one') });
    });
  });

  it("--min-samples and --min-duration-ms in the reference's terms: N samples are N intervals for ek2003 (the default), N − 1 first to last for refined", async () => {
    const { signal } = synthesize({ sampleRateHz: 500, durationMs: 2000, noiseDeg: 0.01, saccades: [{ startMs: 1000, dxDeg: 1, dyDeg: 0 }] });
    const p = file('ms.csv', ['t_ms,x_deg,y_deg', ...Array.from(signal.tMs, (t, i) => `${t},${signal.xDeg[i]},${signal.yDeg[i]}`)].join('\n'));
    expect((await runMeasure(p, { method: 'ek2003', minDurationMs: 6 })).params).toMatchObject({ minSamples: 3, minDurationMs: 6 });
    expect((await runMeasure(p, { method: 'ek2003' })).params).toMatchObject({ minSamples: 3 });
    expect((await runMeasure(p, { method: 'refined', minSamples: 5 })).params).toMatchObject({ minSamples: 5, minDurationMs: 8 });
    expect((await runMeasure(p, { method: 'refined' })).saccadeDetector).toMatchObject({ method: 'refined', minSamples: 4 });
    expect((await runMeasure(p, {})).saccadeDetector).toMatchObject({ method: 'ek2003', minSamples: 3 });
    // Refined with its first-to-last minimum off counts as the reference does.
    expect((await runMeasure(p, { method: 'refined', minDurationFirstToLast: false })).saccadeDetector).toMatchObject({ minSamples: 3 });
    expect((await runMeasure(p, { method: 'refined', minDurationFirstToLast: false, minDurationMs: 6 })).params).toMatchObject({ minSamples: 3, minDurationMs: 6 });
    // A refined-only switch is refused under the reference rather than ignored.
    expect(await exitOf(() => runMeasure(p, { edgeDurationTest: false }))).toEqual({ code: 2, message: '--edge-duration-test: applies to --method refined only (ek2003, the default, is the reference\'s own algorithm)' });
    expect(await exitOf(() => runMeasure(p, { method: 'ek2003', noiseFloorDeg: 0 }))).toMatchObject({ code: 2 });
  });
});
