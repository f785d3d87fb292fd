import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../errors/exit.ts';
import { DETECTOR_OPTIONS } from '../../measure/params.ts';
import { RECORDING_OPTIONS } from '../../measure/recording-format.ts';
import { runEye } from '../../testing/run-eye.ts';
import { tempDir } from '../../testing/temp-dir.ts';
import { declareOptions } from '../option-spec.ts';
import { MEASURE_OPTIONS, parseMeasureOptions, registerMeasure } from './measure.ts';

/** The flags as `eye measure` parses them, in process. */
const parse = (argv: string[]) => {
  const cmd = declareOptions(new Command('measure').exitOverride(), MEASURE_OPTIONS);
  cmd.parse(argv, { from: 'user' });
  return parseMeasureOptions(cmd.opts());
};
const refusal = (argv: string[]) => {
  try {
    parse(argv);
  } catch (err) {
    if (err instanceof CliError) return { code: err.exitCode, message: err.message };
    throw err;
  }
  return { code: 0, message: '' };
};

const flagged = Object.values(DETECTOR_OPTIONS).flatMap((o) => (o.flag !== undefined && o.kind !== 'switch' ? [o] : []));
const switches = Object.values(DETECTOR_OPTIONS).flatMap((o) => (o.flag !== undefined && o.kind === 'switch' ? [o] : []));

describe('eye measure: its flags declared once (MEASURE_OPTIONS)', () => {
  it('--help shows every flag, its default and each detector range, from the declarations', () => {
    const program = new Command('eye');
    registerMeasure(program);
    const help = program.commands[0].helpInformation().replace(/\s+/g, ' ');
    expect(help).toContain('--method <name> saccade detector: refined | ek2003.');
    expect(help).toMatch(/--noise-floor-deg \(default: ek2003\)/);
    for (const o of switches) expect(help).toContain(`${o.flag} <on|off> ${o.doc} (default: ${o.default ? 'on' : 'off'})`.replace(/\s+/g, ' '));
    for (const { flags } of Object.values(RECORDING_OPTIONS)) expect(help).toContain(flags);
    expect(help).toContain("(default: the header's unit, else the layout's own, else ms)");
    expect(help).toContain('--format <layout> the recording\'s layout: auto | calm-eye | plain | eyelink-asc');
    for (const o of flagged) expect(help).toContain(`${o.flag} <n> ${o.doc}; ${o.min} to ${o.max} (default: ${o.default})`.replace(/\s+/g, ' '));
  });

  it('parses to typed values: the method and time unit defaulted, a detector parameter only when given', () => {
    expect(parse([])).toEqual({ method: 'ek2003', format: 'auto', skipTextLines: false });
    expect(parse(['--columns', 't=1,x=2,y=3', '--skip-text-lines', '--time-unit', 'us'])).toEqual({ method: 'ek2003', format: 'auto', columns: { t: '1', x: '2', y: '3' }, timeUnit: 'us', skipTextLines: true });
    expect(parse(['--format', 'eyelink-asc', '--trial-column', 'TRIALID'])).toMatchObject({ format: 'eyelink-asc', trialColumn: 'TRIALID' });
    expect(parse(['--method', 'ek2003', '--lambda', '5', '--min-samples', '4', '--columns', 't=T,xr=RX,yr=RY,xl=LX,yl=LY', '--eye', 'left', '--px-per-deg', '32', '--time-unit', 's'])).toEqual({
      method: 'ek2003',
      lambda: 5,
      minSamples: 4,
      columns: { t: 'T', xr: 'RX', yr: 'RY', xl: 'LX', yl: 'LY' },
      eye: 'left',
      pxPerDeg: 32,
      timeUnit: 's',
      format: 'auto',
      skipTextLines: false,
    });
  });

  it('every detector flag takes its ends and refuses just past them, exit 2 naming the flag and the range', () => {
    for (const o of flagged) {
      const key = Object.keys(DETECTOR_OPTIONS).find((k) => DETECTOR_OPTIONS[k as keyof typeof DETECTOR_OPTIONS] === o)!;
      expect(parse([o.flag!, String(o.min)])).toMatchObject({ [key]: o.min });
      expect(parse([o.flag!, String(o.max)])).toMatchObject({ [key]: o.max });
      const range = `${o.integer ? 'an integer' : 'a number'} from ${o.min} to ${o.max}`;
      for (const bad of [String(o.min - 0.001), String(o.max + 0.001), 'x', '']) expect(refusal([o.flag!, bad])).toEqual({ code: 2, message: `${o.flag}: expected ${range}, got "${bad}"` });
    }
    expect(refusal(['--min-samples', '2.5'])).toEqual({ code: 2, message: '--min-samples: expected an integer from 1 to 1000, got "2.5"' });
  });

  it('every refined switch takes on or off and refuses anything else, exit 2 naming the flag', () => {
    expect(switches.length).toBe(4);
    for (const o of switches) {
      const key = Object.keys(DETECTOR_OPTIONS).find((k) => DETECTOR_OPTIONS[k as keyof typeof DETECTOR_OPTIONS] === o)!;
      expect(parse([o.flag!, 'on'])).toMatchObject({ [key]: true });
      expect(parse([o.flag!, 'OFF'])).toMatchObject({ [key]: false });
      for (const bad of ['yes', '1', '']) expect(refusal([o.flag!, bad])).toEqual({ code: 2, message: `${o.flag}: expected one of on, off, got "${bad}"` });
    }
  });

  it('a bad method, unit, eye, mapping or pixel scale is exit 2 saying what is allowed', () => {
    expect(refusal(['--method', 'fast'])).toEqual({ code: 2, message: '--method: expected one of refined, ek2003, got "fast"' });
    expect(refusal(['--time-unit', 'min'])).toEqual({ code: 2, message: '--time-unit: expected one of ms, s, us, got "min"' });
    expect(refusal(['--eye', 'both'])).toEqual({ code: 2, message: '--eye: expected one of left, right, got "both"' });
    expect(refusal(['--columns', 't=t,x=a,y=b,z=c'])).toEqual({ code: 2, message: '--columns: expected roles t, x, y, a, xl, yl, xr, yr ("z" is not one), got "t=t,x=a,y=b,z=c"' });
    expect(refusal(['--screen-width-px', '0'])).toEqual({ code: 2, message: '--screen-width-px: expected a number above 0, got "0"' });
  });

  it('end to end: typed flags reach the detectors, a bad one exits 2 with one line', async () => {
    const p = join(tempDir('measure-cli-'), 'step.csv');
    writeFileSync(p, Array.from({ length: 500 }, (_, i) => `${i * 2},${i >= 250 ? 2 : 0},0`).join('\n'));
    const ok = await runEye(['measure', p, '--method', 'refined', '--lambda', '5', '--min-samples', '4']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).params).toMatchObject({ lambda: 5, minSamples: 4, minDurationMs: 6 });
    const bad = await runEye(['measure', p, '--lambda', '51']);
    expect(bad).toMatchObject({ code: 2, stdout: '', stderr: 'eye: --lambda: expected a number from 1 to 50, got "51"\n' });
  });
});
