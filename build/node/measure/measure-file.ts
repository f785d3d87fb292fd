import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError, EXIT } from '../../errors/exit.ts';
import { GazeCsvReader } from '../../measure/csv.ts';
import { LineTooLongError, readLines } from '../io/read-lines.ts';
import { environmentError } from '../../errors/environment-error.ts';
import { safeText } from '../../errors/safe-text.ts';
import { detect } from '../../measure/detect.ts';
import { DETECTOR_OPTIONS, ParamError, detectorParams, type DetectorParams } from '../../measure/params.ts';
import { recordingReport, type RecordingReport } from '../../measure/recording-report.ts';

/** How many malformed rows the error lists before "… and N more". */
const PROBLEMS_SHOWN = 20;

/** The detector parameters `eye measure` exposes: those declared with a flag in DETECTOR_OPTIONS. */
export const FLAGGED = (Object.keys(DETECTOR_OPTIONS) as (keyof DetectorParams)[]).filter((k) => DETECTOR_OPTIONS[k].flag);

/** Commander's camelCase name for a flag (`--min-duration-ms` → `minDurationMs`). */
const optionKey = (flag: string) => flag.replace(/^--/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Read, validate and measure one recording; bad input (a missing file, malformed rows, a bad setting) is exit 2. */
export async function measureFile(file: string, opts: Record<string, string | undefined> = {}): Promise<RecordingReport & { file: string }> {
  const over: Partial<DetectorParams> = {};
  for (const key of FLAGGED) {
    const raw = opts[optionKey(DETECTOR_OPTIONS[key].flag!)];
    if (raw !== undefined) over[key] = raw.trim() === '' ? NaN : Number(raw);
  }
  let params: DetectorParams;
  try {
    params = detectorParams(over);
  } catch (err) {
    if (err instanceof ParamError) throw new CliError(EXIT.badInput, err.message);
    throw err;
  }
  const path = resolve(file);
  if (!existsSync(path) || !statSync(path).isFile()) throw new CliError(EXIT.badInput, `no recording ${safeText(path)}`);
  // Read as a stream: memory holds the samples, never the file's text.
  const reader = new GazeCsvReader();
  try {
    for await (const { text, line } of readLines(path)) reader.addLine(text, line);
  } catch (err) {
    if (err instanceof LineTooLongError) throw new CliError(EXIT.badInput, `${safeText(path)}: ${err.message}`);
    throw environmentError(err, 'read', path) ?? err;
  }
  const parsed = reader.finish();
  if (parsed.problemCount > 0) {
    const shown = parsed.problems.slice(0, PROBLEMS_SHOWN).map((p) => (p.line > 0 ? `  line ${p.line}: ${safeText(p.message)}` : `  ${safeText(p.message)}`));
    const more = parsed.problemCount > shown.length ? `\n  … and ${parsed.problemCount - shown.length} more` : '';
    throw new CliError(EXIT.badInput, `${safeText(path)}: ${parsed.problemCount} problem(s):\n${shown.join('\n')}${more}`);
  }
  if (parsed.signal.tMs.length < 2) throw new CliError(EXIT.badInput, `${path}: needs at least 2 samples to measure, has ${parsed.signal.tMs.length}`);
  return { file: path, ...recordingReport(detect(parsed.signal, params), params) };
}
