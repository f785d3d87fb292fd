import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { PROBLEM_LIMIT } from '../../../measure/csv.ts';
import { safeText } from '../../../errors/safe-text.ts';
import { detect } from '../../../measure/detect.ts';
import { DETECTOR_OPTIONS, ParamError, detectorParams, type DetectorParams } from '../../../measure/params.ts';
import { Ek2003FlatError } from '../../../measure/ek2003.ts';
import { DEFAULT_SACCADE_METHOD, type SaccadeMethod } from '../../../measure/saccade-method.ts';
import { medianIntervalMs } from '../../../measure/signal.ts';
import { FormatError, MS_PER_TIME_UNIT, TIME_UNITS, recordingFormat, type RecordingFlags, type RecordingFormat, type TimeUnit } from '../../../measure/recording-format.ts';
import type { FormatInfo } from '../../../measure/formats/layout.ts';
import { measureRecording, type MeasuredRecording } from '../../../measure/measure-recording.ts';
import { readRecording } from './read-recording.ts';

/** A rate outside this is no eye tracker's: the time column is in another unit than it was read in. */
export const MIN_RATE_HZ = 10;
export const MAX_RATE_HZ = 10_000;

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
export async function runMeasure(file: string, flags: MeasureFlags = {}): Promise<MeasuredRecording & { file: string; skippedLines: number }> {
  const over: Partial<DetectorParams> = {};
  for (const key of Object.keys(DETECTOR_OPTIONS) as (keyof DetectorParams)[]) if (flags[key] !== undefined) (over as Record<string, unknown>)[key] = flags[key];
  let params: DetectorParams;
  try {
    params = detectorParams(over);
  } catch (err) {
    if (err instanceof ParamError) throw new CliError(EXIT.badInput, err.message);
    throw err;
  }
  const method = flags.method ?? DEFAULT_SACCADE_METHOD;
  const refinedOnly = (Object.keys(over) as (keyof DetectorParams)[]).find((k) => DETECTOR_OPTIONS[k].refinedOnly);
  if (method !== 'refined' && refinedOnly) {
    throw new CliError(EXIT.badInput, `${DETECTOR_OPTIONS[refinedOnly].flag}: applies to --method refined only (${method}${flags.method === undefined ? ', the default,' : ''} is the reference's own algorithm)`);
  }
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
  const read = await readRecording(path, flags, format);
  if (read.problemCount > 0) {
    // One line, the problems after each other: an error is one line however many rows are bad.
    const shown = read.problems.slice(0, PROBLEMS_SHOWN).map((p) => (p.line > 0 ? `line ${p.line}: ${safeText(p.message)}` : safeText(p.message)));
    const more = read.problemCount > shown.length ? `; … and ${read.problemCount - shown.length} more` : '';
    const count = read.stoppedAtLine !== null ? `stopped reading at line ${read.stoppedAtLine} after ${PROBLEM_LIMIT} problems` : `${read.problemCount} problem(s)`;
    throw new CliError(EXIT.badInput, `${safeText(path)}: ${count}: ${shown.join('; ')}${more}`);
  }
  const spans = read.trials ?? [{ label: '1', start: 0, end: read.signal.tMs.length }];
  const short = spans.find((s) => s.end - s.start < 2);
  if (short) throw new CliError(EXIT.badInput, `${safeText(path)}: needs at least 2 samples to measure${read.trials ? ` (trial ${safeText(short.label)})` : ''}, has ${short.end - short.start}`);
  const dtMs = medianIntervalMs(read.signal.tMs.subarray(spans[0].start, spans[0].end));
  if (flags.timeUnit === undefined) refuseImplausibleRate(path, dtMs, read.format);
  if (!(1000 / dtMs >= MIN_SAMPLE_RATE_HZ)) {
    throw new CliError(EXIT.badInput, `${safeText(path)}: its samples are a median ${dtMs} ms apart (${(1000 / dtMs).toPrecision(2)} Hz): a gaze recording is sampled at ${MIN_SAMPLE_RATE_HZ} Hz or more (times in seconds read as ms? give --time-unit)`);
  }
  const used = minimumInBothTerms(params, method, dtMs, { samples: over.minSamples !== undefined, ms: over.minDurationMs !== undefined });
  try {
    return { file: path, skippedLines: read.skippedLines, ...measureRecording(read, used, method) };
  } catch (err) {
    if (err instanceof Ek2003FlatError) throw new CliError(EXIT.badInput, `${safeText(path)}: ${err.message}`);
    throw err;
  }
}

/**
 * A time column read in the wrong unit gives a rate no tracker has (seconds read as ms: 500,000 Hz):
 * refused, with the unit that would fit, unless --time-unit says so.
 */
function refuseImplausibleRate(path: string, dtMs: number, format: FormatInfo): void {
  const hz = 1000 / dtMs;
  if (hz >= MIN_RATE_HZ && hz <= MAX_RATE_HZ) return;
  // The interval in the file's own numbers, then read in each unit.
  const first = format.timeUnit.split(' ')[0];
  const usedUnit: TimeUnit = (TIME_UNITS as readonly string[]).includes(first) ? (first as TimeUnit) : 'ms';
  const raw = dtMs / MS_PER_TIME_UNIT[usedUnit];
  const fits = TIME_UNITS.filter((u) => u !== usedUnit && 1000 / (raw * MS_PER_TIME_UNIT[u]) >= MIN_RATE_HZ && 1000 / (raw * MS_PER_TIME_UNIT[u]) <= MAX_RATE_HZ);
  const col = format.columns.t ?? 'the time column';
  const rate = Number.isFinite(hz) ? `${Number(hz.toPrecision(3))} Hz` : 'no rate';
  const hint = fits.length > 0 ? `: if "${safeText(col)}" is in ${fits.join(' or ')}, say so with --time-unit ${fits[0]} (${Number((1000 / (raw * MS_PER_TIME_UNIT[fits[0]])).toPrecision(3))} Hz)` : ': check the time column';
  throw new CliError(
    EXIT.badInput,
    `${safeText(path)}: "${safeText(col)}" read in ${safeText(format.timeUnit)} gives a median interval of ${Number(dtMs.toPrecision(3))} ms, ${rate}, outside ${MIN_RATE_HZ}–${MAX_RATE_HZ} Hz${hint}`,
  );
}

/**
 * The minimum duration, given in one term, in the other too, so the report shows both. The reference
 * (ek2003) counts samples: N samples last N intervals (the paper's "3 samples = 6 ms at 500 Hz"), so
 * --min-duration-ms D is ⌈D / Δt⌉ samples there, and under refined with --min-duration-first-to-last
 * off. Otherwise refined times a run first to last: N samples last N − 1 intervals, so --min-samples N
 * is (N − 1)·Δt ms there.
 */
export function minimumInBothTerms(params: DetectorParams, method: SaccadeMethod, dtMs: number, given: { samples: boolean; ms: boolean }): DetectorParams {
  if (!Number.isFinite(dtMs) || dtMs <= 0) return params;
  // Refined with its first-to-last minimum off counts samples as the reference does.
  if (method === 'ek2003' || !params.minDurationFirstToLast) {
    const minSamples = given.ms ? Math.max(1, Math.ceil(params.minDurationMs / dtMs - 1e-9)) : params.minSamples;
    return { ...params, minSamples, minDurationMs: minSamples * dtMs };
  }
  const minDurationMs = given.samples ? (params.minSamples - 1) * dtMs : params.minDurationMs;
  // Refined never takes fewer than 3 samples (2 intervals): engbert-kliegl.ts.
  return { ...params, minDurationMs, minSamples: 1 + Math.ceil(Math.max(minDurationMs, 2 * dtMs) / dtMs - 1e-9) };
}
