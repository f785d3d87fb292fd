import { CliError, EXIT } from '../../../errors/exit.ts';
import { environmentError } from '../../../errors/environment-error.ts';
import { safeText } from '../../../errors/safe-text.ts';
import { GazeCsvReader } from '../../../measure/csv.ts';
import { FormatError, type RecordingFlags, type RecordingFormat } from '../../../measure/recording-format.ts';
import { detectLayout, isLayoutLine } from '../../../measure/formats/detect-layout.ts';
import { EyelinkAscReader } from '../../../measure/formats/eyelink-asc.ts';
import type { LayoutOptions } from '../../../measure/formats/header-columns.ts';
import type { FormatChoice, Layout, ReadRecording } from '../../../measure/formats/layout.ts';
import { tableSpec } from '../../../measure/formats/table-spec.ts';
import { TableReader } from '../../../measure/formats/table-reader.ts';
import { separatorOf, splitFields } from '../../../measure/formats/table-fields.ts';
import { CalmEyeReader } from '../../../measure/formats/calm-eye.ts';
import { LineTooLongError, readLines } from '../../../node/io/read-lines.ts';

interface LineReader {
  addLine(text: string, line: number): void;
  finish(): ReadRecording;
  /** Enough problems seen to refuse the file: reading stops there (a garbage file is not read to its end). */
  readonly stopped: boolean;
}

const TRIED =
  'an EyeLink ASC (** header), a Tobii Pro Lab TSV (Recording timestamp, Gaze point X), a Tobii Studio TSV (RecordingTimestamp, GazePointX), ' +
  'a Pupil Labs gaze_positions.csv (gaze_timestamp, confidence, norm_pos_x), a pymovements CSV (time, position_x), the project\'s t_ms,x_deg,y_deg[,aperture_mm], ' +
  'or a table with a time, an x and a y column (time,x,y; t_s;x_deg;y_deg)';

/**
 * Read a recording in its layout: given by --format, or told from its first line (detect-layout.ts);
 * --columns names the columns of a plain table itself (the project's reader, csv.ts). Streamed line by
 * line. A layout that cannot be read as flagged is exit 2 with what it needs.
 */
export async function readRecording(path: string, flags: RecordingFlags, format: RecordingFormat): Promise<ReadRecording & { stoppedAtLine: number | null }> {
  const choice: FormatChoice = flags.format ?? 'auto';
  const opts: LayoutOptions = {
    eye: flags.eye ?? null,
    pxPerDeg: format.pxPerDeg,
    timeUnit: flags.timeUnit ?? null,
    trialColumn: flags.trialColumn ?? null,
    detected: choice === 'auto',
  };
  if (flags.columns !== undefined && choice !== 'auto' && choice !== 'plain' && choice !== 'calm-eye') {
    throw new CliError(EXIT.badInput, `--columns names a plain table's columns; --format ${choice} reads its own (leave one out)`);
  }
  let reader: LineReader | null = flags.columns !== undefined ? new CalmEyeReader(new GazeCsvReader(format), format, opts, true) : null;
  let stoppedAtLine: number | null = null;
  try {
    for await (const { text, line } of readLines(path)) {
      if (reader === null) {
        if (!isLayoutLine(text)) continue;
        const layout = choice === 'auto' ? detectLayout(text) : choice;
        if (layout === null) throw new CliError(EXIT.badInput, `${safeText(path)}: cannot tell the layout from its first line "${safeText(text.slice(0, 80))}": not ${TRIED}; give --format, or name the columns with --columns t=NAME,x=NAME,y=NAME`);
        reader = start(layout, text, format, opts);
        if (reader instanceof TableReader) continue; // the header line is the spec's
      }
      reader.addLine(text, line);
      if (reader.stopped) {
        stoppedAtLine = line;
        break;
      }
    }
  } catch (err) {
    if (err instanceof CliError) throw err;
    if (err instanceof FormatError) throw new CliError(EXIT.badInput, `${safeText(path)}: ${safeText(err.message)}`);
    if (err instanceof LineTooLongError) throw new CliError(EXIT.badInput, `${safeText(path)}: ${err.message}`);
    throw environmentError(err, 'read', path) ?? err;
  }
  if (reader === null) return { ...new CalmEyeReader(new GazeCsvReader(format), format, opts, false).finish(), stoppedAtLine };
  return { ...reader.finish(), stoppedAtLine };
}

/** The reader of a layout, made from its first line (a table's header). */
function start(layout: Layout, first: string, format: RecordingFormat, opts: LayoutOptions): LineReader {
  if (layout === 'eyelink-asc') return new EyelinkAscReader(opts);
  if (layout === 'calm-eye' && opts.eye !== null) throw new FormatError('--eye picks one eye of a binocular file: name its columns in --columns (xl=,yl= for left, xr=,yr= for right)');
  if (layout === 'calm-eye') return new CalmEyeReader(new GazeCsvReader(format), format, opts, false);
  const header = first.replace(/^\uFEFF/, '');
  const sep = separatorOf(header);
  return new TableReader(tableSpec(layout, splitFields(header, sep), sep, opts));
}
