import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError, EXIT } from '../../errors/exit.ts';
import { GazeCsvReader, PROBLEM_LIMIT } from '../../measure/csv.ts';
import { LineTooLongError, readLines } from '../io/read-lines.ts';
import { environmentError } from '../../errors/environment-error.ts';
import { safeText } from '../../errors/safe-text.ts';
import { detect } from '../../measure/detect.ts';
import { DETECTOR_OPTIONS, ParamError, detectorParams, type DetectorParams } from '../../measure/params.ts';
import { recordingReport, type RecordingReport } from '../../measure/recording-report.ts';
import { Ek2003FlatError } from '../../measure/ek2003.ts';
import { DEFAULT_SACCADE_METHOD, type SaccadeMethod } from '../../measure/saccade-method.ts';
import { medianIntervalMs } from '../../measure/signal.ts';
import { FormatError, recordingFormat, type RecordingFlags, type RecordingFormat } from '../../measure/recording-format.ts';

/** How many malformed rows the error lists before "… and N more". */
const PROBLEMS_SHOWN = 20;

/**
 * The slowest sampling a recording may have: a fixation lasts a fraction of a second, so below one
 * sample a second no event can be seen (and a rate that rounds to 0 Hz is a unit error, e.g. seconds
 * read as ms).
 */
export const MIN_SAMPLE_RATE_HZ = 1;

/** What `eye measure` was asked for, already parsed (each flag valid on its own): the method, the recording's format and any detector parameter. */
export type MeasureFlags = { method?: SaccadeMethod } & RecordingFlags & Partial<DetectorParams>;

/** Read, validate and measure one recording; bad input (a missing file, malformed rows, flags that disagree) is exit 2. */
export async function measureFile(file: string, flags: MeasureFlags = {}): Promise<RecordingReport & { file: string; skippedLines: number }> {
  const over: Partial<DetectorParams> = {};
  for (const key of Object.keys(DETECTOR_OPTIONS) as (keyof DetectorParams)[]) if (flags[key] !== undefined) over[key] = flags[key];
  let params: DetectorParams;
  try {
    params = detectorParams(over);
  } catch (err) {
    if (err instanceof ParamError) throw new CliError(EXIT.badInput, err.message);
    throw err;
  }
  const method = flags.method ?? DEFAULT_SACCADE_METHOD;
  if (over.minSamples !== undefined && over.minDurationMs !== undefined) {
    throw new CliError(EXIT.badInput, '--min-samples and --min-duration-ms both set the minimum saccade duration: give one');
  }
  let format: RecordingFormat;
  try {
    format = recordingFormat(flags);
  } catch (err) {
    if (err instanceof FormatError) throw new CliError(EXIT.badInput, safeText(err.message));
    throw err;
  }
  const path = resolve(file);
  if (!existsSync(path) || !statSync(path).isFile()) throw new CliError(EXIT.badInput, `no recording ${safeText(path)}`);
  // Read as a stream: memory holds the samples, never the file's text.
  const reader = new GazeCsvReader(format);
  let stoppedAt: number | null = null;
  try {
    let lastLine = 0;
    for await (const { text, line } of readLines(path)) {
      reader.addLine(text, line);
      lastLine = line;
      if (reader.stopped) break;
    }
    stoppedAt = reader.stopped ? lastLine : null;
  } catch (err) {
    if (err instanceof LineTooLongError) throw new CliError(EXIT.badInput, `${safeText(path)}: ${err.message}`);
    throw environmentError(err, 'read', path) ?? err;
  }
  const parsed = reader.finish();
  if (parsed.problemCount > 0) {
    // One line, the problems after each other: an error is one line however many rows are bad.
    const shown = parsed.problems.slice(0, PROBLEMS_SHOWN).map((p) => (p.line > 0 ? `line ${p.line}: ${safeText(p.message)}` : safeText(p.message)));
    const more = parsed.problemCount > shown.length ? `; … and ${parsed.problemCount - shown.length} more` : '';
    const count = stoppedAt !== null ? `stopped reading at line ${stoppedAt} after ${PROBLEM_LIMIT} problems` : `${parsed.problemCount} problem(s)`;
    throw new CliError(EXIT.badInput, `${safeText(path)}: ${count}: ${shown.join('; ')}${more}`);
  }
  if (parsed.signal.tMs.length < 2) throw new CliError(EXIT.badInput, `${safeText(path)}: needs at least 2 samples to measure, has ${parsed.signal.tMs.length}`);
  const dtMs = medianIntervalMs(parsed.signal.tMs);
  if (!(1000 / dtMs >= MIN_SAMPLE_RATE_HZ)) {
    throw new CliError(EXIT.badInput, `${safeText(path)}: its samples are a median ${dtMs} ms apart (${(1000 / dtMs).toPrecision(2)} Hz): a gaze recording is sampled at ${MIN_SAMPLE_RATE_HZ} Hz or more (times in seconds read as ms? give --time-unit)`);
  }
  const used = minimumInBothTerms(params, method, dtMs, { samples: over.minSamples !== undefined, ms: over.minDurationMs !== undefined });
  try {
    return { file: path, skippedLines: parsed.skippedLines, ...recordingReport(detect(parsed.signal, used, method), used, method) };
  } catch (err) {
    if (err instanceof Ek2003FlatError) throw new CliError(EXIT.badInput, `${safeText(path)}: ${err.message}`);
    throw err;
  }
}

/**
 * The minimum duration, given in one term, in the other too, so the report shows both. The reference
 * (ek2003) counts samples: N samples last N intervals (the paper's "3 samples = 6 ms at 500 Hz"), so
 * --min-duration-ms D is ⌈D / Δt⌉ samples there. The default method times a run first to last: N
 * samples last N − 1 intervals, so --min-samples N is (N − 1)·Δt ms there.
 */
export function minimumInBothTerms(params: DetectorParams, method: SaccadeMethod, dtMs: number, given: { samples: boolean; ms: boolean }): DetectorParams {
  if (!Number.isFinite(dtMs) || dtMs <= 0) return params;
  if (method === 'ek2003') {
    const minSamples = given.ms ? Math.max(1, Math.ceil(params.minDurationMs / dtMs - 1e-9)) : params.minSamples;
    return { ...params, minSamples, minDurationMs: minSamples * dtMs };
  }
  const minDurationMs = given.samples ? (params.minSamples - 1) * dtMs : params.minDurationMs;
  // The default method never takes fewer than 3 samples (2 intervals): engbert-kliegl.ts.
  return { ...params, minDurationMs, minSamples: 1 + Math.ceil(Math.max(minDurationMs, 2 * dtMs) / dtMs - 1e-9) };
}
