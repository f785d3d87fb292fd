import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { declareOptions } from '../../../cli/option-spec.ts';
import { MEASURE_OPTIONS, parseMeasureOptions } from '../../../cli/commands/measure.ts';
import { CliError } from '../../../errors/exit.ts';
import { tempDir } from '../../../testing/temp-dir.ts';
import { trackerRecording } from '../../../testing/tracker-recording.ts';
import { eyelinkAsc, pupilLabs, pymovements, semicolonTable, tobiiProLab, tobiiStudio, type TrackerFile } from '../../../testing/tracker-files.ts';
import { runMeasure } from './run-measure.ts';

const dir = tempDir('tracker-formats-');
const write = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
/** The flags as a user types them, parsed as `eye measure` parses them. */
const flags = (argv: string[]) => {
  const cmd = declareOptions(new Command('measure').exitOverride(), MEASURE_OPTIONS);
  cmd.parse(argv, { from: 'user' });
  return parseMeasureOptions(cmd.opts());
};
const refusal = async (p: string, argv: string[] = []) => {
  try {
    await runMeasure(p, flags(argv));
  } catch (err) {
    if (err instanceof CliError) return { code: err.exitCode, message: err.message };
    throw err;
  }
  return { code: 0, message: '' };
};

const r500 = trackerRecording(1, 500, 40);
const r300 = trackerRecording(2, 300, 40);
const r200 = trackerRecording(3, 200, 40);
const whole = (r: typeof r500) => r.blinks.length;

/** Each tracker's file against the same samples as plain CSV: detected, and the same counts. */
async function sameAsPlain(f: TrackerFile, layout: string) {
  const got = await runMeasure(write(f.name, f.text), flags(f.args));
  const plain = await runMeasure(write(`${f.name}.plain.csv`, f.plainCsv), flags([]));
  expect(got.format.layout).toBe(layout);
  expect(got.format.detected).toBe(true);
  expect(got.counts).toEqual(plain.counts);
  expect(got.counts.saccades).toBeGreaterThan(10);
  expect(got.counts.microsaccades).toBeGreaterThan(3);
  return got;
}

describe('eye measure --format auto: recordings as trackers write them, counted as the same data in plain CSV', () => {
  it('an EyeLink ASC, one eye: RES per axis from END, "." gaps, its parser blinks and saccades beside ours, MSG markers', async () => {
    const r = await sameAsPlain(eyelinkAsc(r500, { binocular: false, input: true }), 'eyelink-asc');
    expect(r.format.summary).toContain("block's END … RES x y, x and y apart");
    expect(r.counts.blinks).toBe(whole(r500));
    expect(r.events.blinks.every((b) => b.source === 'data-loss')).toBe(true);
    expect(r.trackerEvents?.counts.blinks).toBe(whole(r500));
    expect(r.trackerEvents?.counts.saccadesAroundBlinks).toBe(whole(r500));
    expect(r.markers?.count).toBeGreaterThan(5);
    expect(r.markers?.shown[0].text).toContain('DISPLAY_COORDS');
  });

  it("an EyeLink ASC's calibration report (indented rows of numbers after MSG !CAL) is not read as samples", async () => {
    const f = eyelinkAsc(r500, { binocular: false, input: false });
    const cal = 'MSG\t1408000 !CAL eye check box: (L,R,T,B)\n\t  -52     7   -41   -13\n\nMSG\t1408001 !CAL Cal coeff:(X=a+bx+cy)\n   0.0003  131.2  1.1  0.39  1.5\n';
    const withCal = { ...f, name: 'with-cal.asc', text: f.text.replace('**\n', `**\n${cal}`) };
    const r = await sameAsPlain(withCal, 'eyelink-asc');
    expect(r.samples).toBe(r500.tMs.length);
  });

  it('an EyeLink ASC, both eyes: the left by default, said; --eye right reads the other; --eye on a one-eye file is refused', async () => {
    const f = eyelinkAsc(r500, { binocular: true, input: false });
    const r = await sameAsPlain(f, 'eyelink-asc');
    expect(r.format.eye).toBe('left');
    expect(r.format.summary).toContain('binocular: the left eye by default');
    const right = await runMeasure(write('bino-right.asc', f.text), flags(['--eye', 'right']));
    expect(right.format.eye).toBe('right');
    expect(right.counts.blinks).toBe(whole(r500));
    const mono = write('mono-eye.asc', eyelinkAsc(r500, { binocular: false, input: false }).text);
    expect(await refusal(mono, ['--eye', 'right'])).toMatchObject({ code: 2, message: expect.stringContaining('--eye right: this file records the left eye only') });
  });

  it('a Tobii Pro Lab TSV: trailing empty fields kept, event rows at a sample\'s timestamp, Invalid eyes as gaps, decimal commas', async () => {
    const r = await sameAsPlain(tobiiProLab(r300, { decimalComma: false }), 'tobii-pro-lab');
    expect(r.counts.blinks).toBe(whole(r300));
    expect(r.markers?.count).toBeGreaterThan(5);
    const comma = await sameAsPlain(tobiiProLab(r300, { decimalComma: true }), 'tobii-pro-lab');
    expect(comma.counts).toEqual(r.counts);
    // Pixels need the screen: said, exit 2.
    const p = write('pro-lab-no-screen.tsv', tobiiProLab(r300, { decimalComma: false }).text);
    expect(await refusal(p)).toMatchObject({ code: 2, message: expect.stringContaining('give --px-per-deg, or --screen-distance-mm') });
  });

  it('a Tobii Studio TSV: -1 and validity 4 are gaps, not a look at the corner', async () => {
    const f = tobiiStudio(r300);
    const r = await sameAsPlain(f, 'tobii-studio');
    expect(r.counts.blinks).toBe(whole(r300));
    // The same file read as a plain table with -1 taken as gaze: false saccades into the corner.
    const samplesOnly = f.text
      .split('\n')
      .filter((l) => !/\t(ImageStart|ScreenRecStarted)\t/.test(l))
      .join('\n');
    const asGaze = samplesOnly.replace(/^[^\n]*\n/, 'a\tb\tc\ttime\te\tf\tg\th\ti\tj\tx_px\ty_px\tm\tn\to\tp\n');
    const wrong = await runMeasure(write('studio-as-plain.tsv', asGaze), flags(['--format', 'plain', '--px-per-deg', '37.87']));
    expect(wrong.counts.saccades).toBeGreaterThan(r.counts.saccades);
  });

  it('a Pupil Labs gaze_positions.csv: seconds, low confidence as gaps, angles from gaze_point_3d; without it, refused saying why', async () => {
    const f = pupilLabs(r200);
    const r = await sameAsPlain(f, 'pupil-labs');
    expect(r.format.positions).toContain('gaze_point_3d');
    expect(r.counts.blinks).toBe(whole(r200));
    const twoD = f.text
      .split('\n')
      .map((l) => l.split(',').slice(0, 6).join(','))
      .join('\n');
    expect(await refusal(write('gaze_2d.csv', twoD))).toMatchObject({ code: 2, message: expect.stringContaining('need the camera intrinsics') });
  });

  it('a pymovements CSV of trials timed from 0: per trial and pooled, the same as the plain CSV whose time restarts', async () => {
    const r = await sameAsPlain(pymovements(r500, 3), 'pymovements');
    expect(r.trials?.map((t) => t.trial)).toEqual(['1', '2', '3']);
    expect(r.trials!.reduce((n, t) => n + t.counts.saccades, 0)).toBe(r.counts.saccades);
    const plain = await runMeasure(write('restart.csv', pymovements(r500, 3).plainCsv), flags([]));
    expect(plain.trials).toHaveLength(3);
    expect(plain.trials!.map((t) => t.counts)).toEqual(r.trials!.map((t) => t.counts));
  });

  it('a semicolon table with decimal commas and time in seconds (said by its header)', async () => {
    const r = await sameAsPlain(semicolonTable(r500), 'plain');
    expect(r.format.timeUnit).toBe('s (from the header)');
    expect(r.format.ignoredColumns).toEqual(['pupil']);
  });
});

describe('no silent reading', () => {
  const rows = (f: (i: number) => string, n = 3000) => Array.from({ length: n }, (_, i) => f(i)).join('\n');
  // 500 Hz, a 2° step at 3 s, a pupil that swings (not a lid).
  const x = (i: number) => 2 * Math.min(1, Math.max(0, (i - 1500) / 12)) + 0.003 * Math.sin(i * 1.7);
  const pupil = (i: number) => 4 + Math.sin(i / 40);
  // A tracker's noise on y too: ek2003 (the default) refuses an axis with no spread, as R's toolbox stops.
  const y = (i: number) => 0.003 * Math.cos(i * 1.3);

  it('a "pupil" column is not read as lid aperture: no blinks from it, listed as not read', async () => {
    const p = write('pupil.csv', `time,x,y,pupil\n${rows((i) => `${i * 2},${x(i)},${y(i)},${pupil(i)}`)}`);
    const r = await runMeasure(p, flags([]));
    expect(r.format.layout).toBe('plain');
    expect(r.format.ignoredColumns).toEqual(['pupil']);
    expect(r.counts.blinks).toBe(0);
    expect(r.bellDegPerClosure).toBeNull();
    expect(r.counts.saccades).toBe(1);
  });

  it('seconds without --time-unit are refused, naming the unit that fits; with it, read', async () => {
    const p = write('seconds.csv', `time,x,y\n${rows((i) => `${(i * 0.002).toFixed(3)},${x(i)},${y(i)}`)}`);
    const no = await refusal(p);
    expect(no.code).toBe(2);
    expect(no.message).toContain('500000 Hz, outside 10–10000 Hz: if "time" is in s, say so with --time-unit s (500 Hz)');
    const yes = await runMeasure(p, flags(['--time-unit', 's']));
    expect(yes.sampleRateHz).toBeCloseTo(500, 5);
    expect(yes.counts.saccades).toBe(1);
  });

  it('a layout it cannot tell is exit 2 naming what it tried and how to say it', async () => {
    const p = write('odd.csv', `stamp,h,v\n${rows((i) => `${i * 2},${x(i)},${y(i)}`, 10)}`);
    expect(await refusal(p)).toMatchObject({ code: 2, message: expect.stringContaining('cannot tell the layout from its first line "stamp,h,v"') });
    const named = await runMeasure(p, flags(['--columns', 't=stamp,x=h,y=v']));
    expect(named.format.summary).toContain('columns named by --columns (t=stamp, x=h, y=v)');
  });
});

describe('EyeLink ASC: per-sample RES with velocities, and trials by TRIALID', () => {
  it('reads RES per sample (after the velocity pairs) the same as END … RES', async () => {
    const f = eyelinkAsc(r500, { binocular: true, input: false, resPerSample: true, velocity: true });
    const r = await sameAsPlain(f, 'eyelink-asc');
    expect(r.format.positions).toContain("each sample's RES pair");
  });

  it('--trial-column TRIALID: results per trial (their MSG labels) and pooled; without it, one recording across the blocks', async () => {
    const f = eyelinkAsc(r500, { binocular: false, input: false, trials: 2 });
    const p = write(f.name, f.text);
    const one = await runMeasure(p, flags([]));
    expect(one.trials).toBeNull();
    const byTrial = await runMeasure(p, flags(['--trial-column', 'TRIALID']));
    expect(byTrial.trials?.map((t) => t.trial)).toEqual(['1', '2']);
    const sum = byTrial.trials!.reduce((a, t) => ({ s: a.s + t.counts.saccades, b: a.b + t.counts.blinks }), { s: 0, b: 0 });
    expect({ s: byTrial.counts.saccades, b: byTrial.counts.blinks }).toEqual(sum);
    expect(byTrial.events.saccades.every((s) => s.trial === '1' || s.trial === '2')).toBe(true);
    // The tracker's pupil walks each blink's edges out (Hershman et al.): its closing starts before the loss.
    expect(one.events.blinks.every((b) => b.closingMs > 2)).toBe(true);
  });
});

describe('a binocular plain CSV', () => {
  it('reads the left eye by default, said, and the right with --eye right', async () => {
    const rec = trackerRecording(4, 500, 20);
    const rows = ['time,x_left,y_left,x_right,y_right'];
    const left = ['t_ms,x_deg,y_deg'];
    const right = ['t_ms,x_deg,y_deg'];
    for (let i = 0; i < rec.tMs.length; i++) {
      const lost = rec.lost[i] === 1;
      const xl = lost ? '' : String(rec.xDeg[i]);
      const yl = lost ? '' : String(rec.yDeg[i]);
      // The right eye: the left's gaze rotated a little, so the two differ.
      const xr = lost ? '' : String(rec.xDeg[i] * 0.97 + 0.3);
      const yr = lost ? '' : String(rec.yDeg[i] * 1.02);
      rows.push(`${rec.tMs[i]},${xl},${yl},${xr},${yr}`);
      left.push(`${rec.tMs[i]},${xl},${yl}`);
      right.push(`${rec.tMs[i]},${xr},${yr}`);
    }
    const p = write('bino.csv', rows.join('\n'));
    const l = await runMeasure(p, flags([]));
    expect(l.format.summary).toContain('binocular: the left eye by default');
    expect(l.counts).toEqual((await runMeasure(write('left.csv', left.join('\n')), flags([]))).counts);
    const r = await runMeasure(p, flags(['--eye', 'right']));
    expect(r.format.eye).toBe('right');
    expect(r.counts).toEqual((await runMeasure(write('right.csv', right.join('\n')), flags([]))).counts);
  });
});
