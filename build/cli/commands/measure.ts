import type { Command } from 'commander';
import { DETECTOR_OPTIONS } from '../../measure/params.ts';
import { DEFAULT_SACCADE_METHOD, SACCADE_METHODS } from '../../measure/saccade-method.ts';
import { RECORDING_FLAGS } from '../../measure/recording-format.ts';
import { FLAGGED, measureFile } from '../../node/measure/measure-file.ts';
import { writeStdout } from '../../node/io/write-stdout.ts';

/** `eye measure FILE`: the flags (declared once, in DETECTOR_OPTIONS); the work is measureFile's (build/node/measure/measure-file.ts). */
export function registerMeasure(program: Command): void {
  const cmd = program
    .command('measure')
    .description(
      'Run the detectors on any gaze recording — CSV t_ms,x_deg,y_deg[,aperture_mm] at any sampling rate, header optional — and ' +
        'print the events and rates as JSON (Engbert & Kliegl 2003 saccades and microsaccades, I-VT/I-DT fixations, blinks from the aperture).',
    )
    .argument('<file>', 'the recording (CSV)')
    .option(
      '--method <name>',
      `saccade detector: ${SACCADE_METHODS.join(' | ')} (default ${DEFAULT_SACCADE_METHOD}). ek2003 is Engbert & Kliegl (2003) exactly as the reference R code (microsacc, vecvel): ` +
        '5-point velocity at one sampling rate, median-based σ, no floor, --min-samples consecutive samples; refined puts onset/offset on the unsmoothed movement and floors σ',
    );
  for (const { flag, doc } of Object.values(RECORDING_FLAGS)) cmd.option(flag, doc);
  for (const key of FLAGGED) {
    const o = DETECTOR_OPTIONS[key];
    cmd.option(`${o.flag} <n>`, `${o.doc} (default ${o.default}, ${o.min}–${o.max})`);
  }
  cmd.action(async (file: string, opts: Record<string, string | undefined>) => {
    writeStdout(`${JSON.stringify(await measureFile(file, opts), null, 2)}\n`);
  });
}
