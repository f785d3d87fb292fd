import { DEFAULT_FORMAT, MS_PER_TIME_UNIT, type ColumnRole, type RecordingFormat } from './recording-format.ts';
import type { GazeSignal } from './signal.ts';

/** A row that could not be read, by its 1-based line number in the file. */
export interface CsvProblem {
  line: number;
  message: string;
}

export interface ParsedRecording {
  signal: GazeSignal;
  /** The first problems (at most PROBLEMS_KEPT); problemCount counts them all. */
  problems: CsvProblem[];
  problemCount: number;
  /** The first line named the columns. */
  header: boolean;
  /** Lines skipped as a tracker's text (format.skipTextLines): messages, events, its own header. */
  skippedLines: number;
}

/** The columns, in the order the format gives them (`t_ms,x_deg,y_deg[,aperture_mm]`). */
const COLUMNS = ['t_ms', 'x_deg', 'y_deg', 'aperture_mm'] as const;

/** A gaze angle past this is no eye's (the oculomotor range is about ±50°): a unit or export error. */
export const MAX_GAZE_DEG = 90;

/** How many problems a reader keeps to show (it counts them all): a garbage file must not fill memory. */
const PROBLEMS_KEPT = 100;

/**
 * After this many problems a file is refused without reading the rest, as a compiler stops after its
 * first errors: 600 MB of garbage is known to be garbage after its first lines, not after minutes.
 */
export const PROBLEM_LIMIT = 20;

/** A column of doubles that grows by doubling (a plain number[] of millions of rows costs more). */
class Column {
  private data = new Float64Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  done(): Float64Array {
    return this.data.subarray(0, this.length); // no copy: the spare capacity is at most the length again
  }
}

/** A field that means "no sample": empty, NaN, R's NA, EyeLink's `.`, null. */
const MISSING = /^(nan|na|\.|null)$/i;

/** The file's separator, from its first line read: a comma, else a tab, else a semicolon, else runs of spaces. */
const separatorOf = (raw: string): string | RegExp => (raw.includes(',') ? ',' : raw.includes('\t') ? '\t' : raw.includes(';') ? ';' : / +/);

/**
 * A tracker's text line (a message, an event, its own header lines) by its first field: neither a
 * number nor a missing value (a row that starts with a lost sample is still a row).
 */
const isTextField = (first: string): boolean => !(first === '' || MISSING.test(first) || Number.isFinite(Number(first)));

/** A line's fields: split, trimmed, a quoted field unquoted. */
const fieldsOf = (raw: string, separator: string | RegExp): string[] => raw.split(separator).map((f) => f.trim().replace(/^"(.*)"$/, '$1'));

/**
 * Read a gaze recording line by line (so a file of any length is read as a stream, in bounded memory
 * beside its samples): CSV `t_ms,x_deg,y_deg[,aperture_mm]` at any sampling rate, the header line
 * optional (with one, columns may come in any order, matched by name). Blank lines and lines starting
 * with `#` are skipped. An empty gaze or aperture field, `NaN`, `NA`, `.` or `null` is a missing sample
 * (a tracker's data loss); anything else that is not a number, a gaze angle past ±MAX_GAZE_DEG, a wrong
 * number of fields, or a time not after the previous one is a problem reported by line number — the
 * signal is only usable when there are none, and when at least one sample has both gaze angles.
 *
 * Recordings as other tools write them (`format`, from `eye measure`'s flags): columns named by a
 * mapping (then a header is required, and any other columns are ignored), one eye of a binocular file,
 * time in seconds, positions in screen pixels (x right, y down; divided by pixels per degree, y turned
 * so + is up; a pair of exact zeros is a tracker's lost sample, as no gaze lands on the corner pixel).
 * Fields are split on commas, or on tabs or semicolons when the first line has those and no comma, or
 * on runs of spaces when it has none of them. Columns may also be given by field number (a file with no
 * header), and a tracker's text lines (messages, events) skipped rather than counted as problems.
 */
export class GazeCsvReader {
  constructor(private readonly format: RecordingFormat = DEFAULT_FORMAT) {}
  private separator: string | RegExp | null = null;
  private width = 0;
  readonly problems: CsvProblem[] = [];
  problemCount = 0;
  private readonly t = new Column();
  private readonly x = new Column();
  private readonly y = new Column();
  private readonly ap = new Column();
  private order: number[] | null = null; // field index of t, x, y, aperture (−1: absent)
  private header = false;
  private prevT = -Infinity;
  private prevLine = 0;
  private validGaze = 0;
  private hasAperture = false;
  private skipped = 0;

  /** PROBLEM_LIMIT problems seen: the caller stops reading (the file is refused whatever follows). */
  get stopped(): boolean {
    return this.problemCount >= PROBLEM_LIMIT;
  }

  private problem(line: number, message: string): void {
    this.problemCount++;
    if (this.problems.length < PROBLEMS_KEPT) this.problems.push({ line, message });
  }

  /** One line of the file (without its line break), with its 1-based number. */
  addLine(text: string, line: number): void {
    const raw = text.trim();
    if (raw === '' || raw.startsWith('#')) return;
    // Split once: the separator is the file's (its first line read) or, before any line set it, this line's own.
    const separator = this.separator ?? separatorOf(raw);
    const fields = fieldsOf(raw, separator);
    const textLine = isTextField(fields[0]);
    if (this.format.skipTextLines && textLine && !this.mayBeHeader(raw)) {
      this.skipped++;
      return;
    }
    // Why a row is not a sample, when it does not even start like one.
    const hint = !textLine ? '' : ` (not a sample line: "${clip(raw)}"; --skip-text-lines skips a tracker's messages and events)`;
    if (hint !== '' && this.order === null && this.format.columnsBy === 'position') {
      this.problem(line, `field ${this.format.columns!.t} (t) is not a number${hint}`);
      return;
    }
    this.separator = separator;
    if (this.order === null && this.format.columns !== null && this.format.columnsBy === 'position') {
      this.order = positionOrder(this.format);
      this.width = fields.length;
      const widest = Math.max(...this.order);
      if (widest >= fields.length) {
        this.problem(line, `--columns names field ${widest + 1} but the first sample line has ${fields.length} field(s)`);
        this.order = [];
        return;
      }
    }
    if (this.order === null && this.format.columns !== null) {
      this.order = mappedOrder(fields, this.format, (m) => this.problem(line, m));
      this.header = true;
      this.width = fields.length;
      return;
    }
    if (this.order === null) {
      const named = headerOrder(fields);
      if (named) {
        this.order = named;
        this.header = true;
        return;
      }
      if (fields.length !== 3 && fields.length !== 4) {
        this.problem(line, `expected 3 or 4 fields (t_ms,x_deg,y_deg[,aperture_mm]), got ${fields.length}${hint}`);
        return;
      }
      this.order = fields.length === 4 ? [0, 1, 2, 3] : [0, 1, 2, -1];
    }
    const order = this.order;
    if (order.length === 0) return; // the mapping did not fit the header: already a problem
    const width = this.width || Math.max(...order) + 1;
    if (fields.length !== width) {
      this.problem(line, `expected ${width} fields, got ${fields.length}${hint}`);
      return;
    }
    const tMs = Number(fields[order[0]]) * MS_PER_TIME_UNIT[this.format.timeUnit];
    if (fields[order[0]] === '' || !Number.isFinite(tMs)) {
      this.problem(line, `${this.name(0)} is not a number: "${clip(fields[order[0]])}"${hint}`);
      return;
    }
    const values: number[] = [];
    let bad = false;
    for (let c = 1; c < 4; c++) {
      if (order[c] < 0) {
        values.push(NaN);
        continue;
      }
      const f = fields[order[c]];
      const missing = f === '' || MISSING.test(f);
      const given = missing ? NaN : Number(f);
      const ppd = this.format.pxPerDeg;
      // Pixels: x right as gaze right; the screen's y grows downwards, gaze's upwards.
      const v = c < 3 && ppd !== null ? (c === 1 ? given : -given) / ppd : given;
      if (!missing && !Number.isFinite(given)) {
        this.problem(line, `${this.name(c)} is not a number: "${clip(f)}"`);
        bad = true;
      } else if (c < 3 && Math.abs(v) > MAX_GAZE_DEG) {
        const unit = ppd === null ? 'degrees expected' : `pixels at ${ppd.toFixed(2)} px/°: check --px-per-deg or the screen geometry`;
        this.problem(line, `${this.name(c)} ${given} is ${ppd === null ? '' : `${Math.abs(v).toFixed(1)}°, `}outside ±${MAX_GAZE_DEG}° (no eye turns that far: ${unit})`);
        bad = true;
      }
      values.push(v);
    }
    if (bad) return;
    // A tracker that lost the pupil writes (0, 0) pixels: a gap, not a look at the corner.
    if (this.format.pxPerDeg !== null && values[0] === 0 && values[1] === 0) values[0] = values[1] = NaN;
    if (tMs <= this.prevT) {
      this.problem(line, `${this.name(0)} ${this.inUnit(tMs)} is not after the previous sample's ${this.inUnit(this.prevT)} (line ${this.prevLine}): samples must be in time order, once each`);
      return;
    }
    this.prevT = tMs;
    this.prevLine = line;
    this.t.push(tMs);
    this.x.push(values[0]);
    this.y.push(values[1]);
    this.ap.push(values[2]);
    if (!Number.isNaN(values[0]) && !Number.isNaN(values[1])) this.validGaze++;
    if (!Number.isNaN(values[2])) this.hasAperture = true;
  }

  /**
   * A text line that is still read as the header, not skipped: the first one when --columns names
   * columns, or, in the project's own format, a first line that is a header (headerOrder).
   */
  private mayBeHeader(raw: string): boolean {
    if (this.order !== null || this.format.columnsBy === 'position') return false;
    if (this.format.columns !== null) return true;
    return headerOrder(fieldsOf(raw, separatorOf(raw))) !== null;
  }

  /** A time in the file's own unit, for messages. */
  private inUnit(tMs: number): number {
    return tMs / MS_PER_TIME_UNIT[this.format.timeUnit];
  }

  /** A column's name in messages: the file's own when mapped. */
  private name(c: number): string {
    const roles: ColumnRole[][] = [['t'], ['x', this.format.eye === 'left' ? 'xl' : 'xr'], ['y', this.format.eye === 'left' ? 'yl' : 'yr'], ['a']];
    const cols = this.format.columns;
    if (cols === null) return COLUMNS[c];
    const by = this.format.columnsBy === 'position' ? 'field ' : '';
    for (const r of roles[c]) if (cols[r] !== undefined) return `${by}${cols[r]} (${r})`;
    return COLUMNS[c];
  }

  /** The signal and every problem; "no samples" or "no valid sample" when the file gave none to measure. */
  finish(): ParsedRecording {
    if (this.problemCount === 0) {
      if (this.t.length === 0) this.problem(0, 'no samples');
      else if (this.validGaze === 0) this.problem(0, `no valid sample: all ${this.t.length} samples have a missing (NaN or empty) gaze angle`);
    }
    const withAperture = this.order !== null && this.order[3] >= 0 && this.hasAperture;
    return {
      signal: { tMs: this.t.done(), xDeg: this.x.done(), yDeg: this.y.done(), apertureMm: withAperture ? this.ap.done() : null },
      problems: this.problems,
      problemCount: this.problemCount,
      header: this.header,
      skippedLines: this.skipped,
    };
  }
}

/** Field indices of t, x, y, aperture (−1: absent) from 1-based field numbers in the mapping. */
function positionOrder(format: RecordingFormat): number[] {
  const cols = format.columns!;
  const [xr, yr]: ColumnRole[] = format.eye === null ? ['x', 'y'] : format.eye === 'left' ? ['xl', 'yl'] : ['xr', 'yr'];
  return [cols.t, cols[xr], cols[yr], cols.a].map((n) => (n === undefined ? -1 : Number(n) - 1));
}

/**
 * Field indices of t, x, y, aperture (−1: absent) from a header and the mapping; [] with a problem for
 * each name the header lacks. Names match exactly, else ignoring case.
 */
function mappedOrder(fields: string[], format: RecordingFormat, problem: (m: string) => void): number[] {
  const cols = format.columns!;
  const find = (name: string | undefined): number => {
    if (name === undefined) return -1;
    const exact = fields.indexOf(name);
    return exact >= 0 ? exact : fields.findIndex((f) => f.toLowerCase() === name.toLowerCase());
  };
  const [xr, yr]: ColumnRole[] = format.eye === null ? ['x', 'y'] : format.eye === 'left' ? ['xl', 'yl'] : ['xr', 'yr'];
  const wanted: [ColumnRole, string | undefined][] = [
    ['t', cols.t],
    [xr, cols[xr]],
    [yr, cols[yr]],
    ['a', cols.a],
  ];
  const order = wanted.map(([, name]) => find(name));
  const lost = wanted.filter(([, name], k) => name !== undefined && order[k] < 0);
  if (lost.length > 0) {
    const shown = fields.slice(0, 30).map((f) => `"${clip(f)}"`).join(', ');
    for (const [role, name] of lost) problem(`--columns ${role}=${clip(name!)}: no such column in the header (${shown}${fields.length > 30 ? ', …' : ''})`);
    return [];
  }
  return order;
}

/** A field echoed in a message: at most 40 characters. */
const clip = (f: string) => (f.length > 40 ? `${f.slice(0, 37)}...` : f);

/**
 * A header line: the known column names in any order (t_ms, x_deg and y_deg required), or any 3 or 4
 * words that are not numbers, read in the format's order.
 */
function headerOrder(fields: string[]): number[] | null {
  const names = fields.map((f) => f.toLowerCase());
  if (names.every((f) => (COLUMNS as readonly string[]).includes(f))) {
    const order = COLUMNS.map((c) => names.indexOf(c));
    if (order[0] >= 0 && order[1] >= 0 && order[2] >= 0) return order;
  }
  const words = fields.every((f) => /^[A-Za-z_"'][^,]*$/.test(f) && !/^nan$/i.test(f));
  if (words && (fields.length === 3 || fields.length === 4)) return fields.length === 4 ? [0, 1, 2, 3] : [0, 1, 2, -1];
  return null;
}
