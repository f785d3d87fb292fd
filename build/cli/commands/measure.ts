import type { Command } from 'commander';
import { DETECTOR_FLAG_OPTIONS } from '../../measure/params.ts';
import { DEFAULT_SACCADE_METHOD, SACCADE_METHODS } from '../../measure/saccade-method.ts';
import { RECORDING_OPTIONS } from '../../measure/recording-format.ts';
import type { MeasureFlags } from '../../jobs/measure/node/run-measure.ts';
import { writeStdout } from '../../node/io/write-stdout.ts';
import { safeText } from '../../errors/safe-text.ts';
import { declareOptions, oneOf, parseOptions, type OptionSpecs } from '../option-spec.ts';

/**
 * `eye measure`'s options, each declared once (flag, doc, default, validator): --help and parsing both
 * read this. The recording's flags are declared where their rules live (build/measure/recording-format.ts),
 * the detector's derive from DETECTOR_OPTIONS (build/measure/params.ts).
 */
export const MEASURE_OPTIONS = {
  method: {
    flags: '--method <name>',
    doc:
      `saccade detector: ${SACCADE_METHODS.join(' | ')}. ek2003 is Engbert & Kliegl (2003) exactly as the reference R code (microsacc, vecvel): ` +
      '5-point velocity at one sampling rate, median-based σ, no floor, --min-samples consecutive samples; refined (tuned on the model\'s traces, what eye check runs) ' +
      'puts onset/offset on the unsmoothed movement, and its deviations are switches: --min-duration-first-to-last, --edge-duration-test, --paper-sigma, --noise-floor-deg',
    default: DEFAULT_SACCADE_METHOD,
    parse: oneOf(SACCADE_METHODS),
  },
  ...RECORDING_OPTIONS,
  ...DETECTOR_FLAG_OPTIONS,
} satisfies OptionSpecs;

/** The flags as typed values (detector parameters absent unless given). */
export const parseMeasureOptions = (raw: Record<string, unknown>): MeasureFlags => parseOptions(MEASURE_OPTIONS, raw) as MeasureFlags;

/** `eye measure FILE`: the flags (MEASURE_OPTIONS); the work is runMeasure's (build/jobs/measure/node/run-measure.ts). */
export function registerMeasure(program: Command): void {
  const cmd = program
    .command('measure')
    .description(
      'Run the detectors on any gaze recording — a tracker\'s export (--format auto tells which and says so on stderr) or CSV ' +
        't_ms,x_deg,y_deg[,aperture_mm] at any sampling rate — and print the events and rates as JSON (Engbert & Kliegl 2003 saccades and ' +
        'microsaccades, I-VT/I-DT fixations, blinks from the aperture or from data loss; a tracker\'s own events beside them).',
    )
    .argument('<file>', 'the recording: an EyeLink ASC, a Tobii or Pupil Labs export, a pymovements or plain CSV/TSV (--format)');
  declareOptions(cmd, MEASURE_OPTIONS).action(async (file: string, raw: Record<string, unknown>) => {
    const { runMeasure } = await import('../../jobs/measure/node/run-measure.ts');
    const report = await runMeasure(file, parseMeasureOptions(raw));
    // What was read and how, before the numbers: one line, so a wrong guess is seen at once.
    process.stderr.write(`eye measure: ${safeText(report.format.summary)}\n`);
    writeStdout(`${JSON.stringify(report, null, 2)}\n`);
  });
}
