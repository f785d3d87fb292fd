import { numberAbove, oneOf, type OptionSpec, type OptionValues } from '../options/validators.ts';
import { FORMAT_CHOICES } from './formats/layout.ts';

/**
 * How a recording's columns are read: which column is what, the time unit, degrees or pixels, which
 * eye. Made from `eye measure`'s flags (RECORDING_OPTIONS) by `recordingFormat`; each flag's validator
 * and each rule between flags states what is allowed.
 */
export type TimeUnit = 'ms' | 's' | 'us';
export type EyeSide = 'left' | 'right';

/** What a column holds: time, gaze x and y, the lid aperture; the binocular ones by eye (l, r). */
export const COLUMN_ROLES = ['t', 'x', 'y', 'a', 'xl', 'yl', 'xr', 'yr'] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];

export interface RecordingFormat {
  /** Header names (or, with columnsBy 'position', 1-based field numbers) by role; null: the project's own format (t_ms,x_deg,y_deg[,aperture_mm]). */
  columns: Partial<Record<ColumnRole, string>> | null;
  /** Columns named by the header, or by position in a file without one (an EyeLink ASC, a plain text export). */
  columnsBy: 'name' | 'position';
  timeUnit: TimeUnit;
  /** Lines whose first field is not a number (a tracker's messages and events) are skipped, not problems. */
  skipTextLines: boolean;
  /** Degrees as given, or pixels at this many per degree (x right, y down on the screen → + up). */
  pxPerDeg: number | null;
  eye: EyeSide | null;
}

export const DEFAULT_FORMAT: RecordingFormat = { columns: null, columnsBy: 'name', timeUnit: 'ms', skipTextLines: false, pxPerDeg: null, eye: null };

export const TIME_UNITS = ['ms', 's', 'us'] as const satisfies readonly TimeUnit[];
/** Milliseconds in one unit of the time column. */
export const MS_PER_TIME_UNIT: Record<TimeUnit, number> = { ms: 1, s: 1000, us: 0.001 };
export const EYE_SIDES = ['left', 'right'] as const satisfies readonly EyeSide[];

/**
 * Every flag of the format, declared once as an option spec (flag, doc, default, validator): `eye measure`
 * registers and parses them from here; each validator states what one flag allows, and `recordingFormat`
 * holds the rules between flags.
 */
export const RECORDING_OPTIONS = {
  format: {
    flags: '--format <layout>',
    doc:
      `the recording's layout: ${FORMAT_CHOICES.join(' | ')}. auto tells it from the header and says what it found (stderr, and "format" in the JSON): ` +
      'an EyeLink ASC, a Tobii Pro Lab or Tobii Studio TSV, a Pupil Labs gaze_positions.csv, a pymovements samples CSV, the project\'s own CSV, or a plain table (time, x, y named; ; or tab separated, decimal commas)',
    default: 'auto' as const,
    parse: oneOf(FORMAT_CHOICES),
  },
  columns: {
    flags: '--columns <map>',
    doc:
      'which column is what: t=NAME,x=NAME,y=NAME[,a=NAME] by header name (header required), or t=1,x=2,y=3 by field number (1-based, no header: ' +
      'an EyeLink ASC, a plain text export); by eye xl=,yl=,xr=,yr= with --eye',
    parse: columnMap,
  },
  timeUnit: {
    flags: '--time-unit <unit>',
    doc: 'the time column in ms, s or us (µs), over what the header or the layout says; without it a time whose rate reads outside 10–10,000 Hz is refused',
    defaultText: "the header's unit, else the layout's own, else ms",
    parse: oneOf(TIME_UNITS),
  },
  trialColumn: {
    flags: '--trial-column <name>',
    doc: 'results per trial and pooled: the column whose value names the trial (an EyeLink ASC: the MSG word, e.g. TRIALID); without it a time that restarts starts a new trial',
    parse: (text: string) => {
      if (text.trim() === '') throw new RangeError('a column name');
      return text.trim();
    },
  },
  skipTextLines: {
    flags: '--skip-text-lines',
    default: false,
    doc: "skip lines whose first field is not a number (a tracker's messages and events: EyeLink ASC's MSG, SFIX, START…); counted in skippedLines",
  },
  pxPerDeg: { flags: '--px-per-deg <n>', doc: 'positions are screen pixels, this many per degree', parse: numberAbove(0) },
  screenDistanceMm: {
    flags: '--screen-distance-mm <n>',
    doc: 'positions are pixels: eye-to-screen distance, mm (with --screen-width-mm and --screen-width-px)',
    parse: numberAbove(0),
  },
  screenWidthMm: { flags: '--screen-width-mm <n>', doc: "the screen's visible width, mm", parse: numberAbove(0) },
  screenWidthPx: { flags: '--screen-width-px <n>', doc: "the screen's width, pixels", parse: numberAbove(0) },
  eye: {
    flags: '--eye <side>',
    doc: "a binocular file: left or right (an EyeLink ASC or a pymovements CSV: the left by default; Tobii: both eyes' average by default; with --columns: xl,yl or xr,yr)",
    parse: oneOf(EYE_SIDES),
  },
} satisfies Record<string, OptionSpec<unknown>>;

/** The format flags as parsed (each already valid on its own); absent: not given. */
export type RecordingFlags = Partial<OptionValues<typeof RECORDING_OPTIONS>>;

/** A flag that cannot be read; the message states what is allowed. */
export class FormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormatError';
  }
}

/**
 * The format from the parsed flags, and the rules between them. Pixels: `--px-per-deg`, or the three
 * screen numbers, which give the pixels per degree at the screen's centre, 2·d·tan(0.5°)·(width px /
 * width mm); never both.
 */
export function recordingFormat(flags: RecordingFlags): RecordingFormat {
  const timeUnit = flags.timeUnit ?? DEFAULT_FORMAT.timeUnit;
  const eye = flags.eye ?? null;
  const columns = flags.columns ?? null;
  const binocular = columns !== null && ['xl', 'yl', 'xr', 'yr'].some((r) => r in columns);
  if (eye !== null && columns !== null && !binocular) throw new FormatError('--eye picks one eye of a binocular file: name its columns in --columns (xl=,yl= for left, xr=,yr= for right)');
  if (binocular && eye === null) throw new FormatError('--columns names binocular columns (xl, yl, xr, yr): add --eye left or --eye right');
  if (columns !== null) {
    const need: ColumnRole[] = binocular ? ['t', eye === 'left' ? 'xl' : 'xr', eye === 'left' ? 'yl' : 'yr'] : ['t', 'x', 'y'];
    const missing = need.filter((r) => !(r in columns));
    if (missing.length > 0) throw new FormatError(`--columns: ${missing.join(', ')} not named (needed: ${need.join(', ')})`);
    if (binocular && 'x' in columns) throw new FormatError('--columns: give x,y for one eye or xl,yl,xr,yr by eye, not both');
  }
  return { columns, columnsBy: columnsBy(columns), timeUnit, skipTextLines: flags.skipTextLines === true, pxPerDeg: pixelsPerDegree(flags), eye };
}

/** Names or field numbers, never a mix: "t=1,x=gx" cannot say whether the file has a header. */
function columnsBy(columns: Partial<Record<ColumnRole, string>> | null): 'name' | 'position' {
  if (columns === null) return 'name';
  const numbered = Object.values(columns).map((v) => /^[1-9]\d*$/.test(v));
  if (numbered.every(Boolean)) return 'position';
  if (numbered.some(Boolean)) throw new FormatError('--columns: all header names (t=TIME,x=GX,y=GY) or all field numbers (t=1,x=2,y=3), not a mix');
  return 'name';
}

/** `t=time,x=gx,y=gy` → roles to names; a RangeError says what was expected (and what was wrong). */
function columnMap(text: string): Partial<Record<ColumnRole, string>> {
  const out: Partial<Record<ColumnRole, string>> = {};
  const roles = `roles ${COLUMN_ROLES.join(', ')}`;
  for (const part of text.split(',')) {
    const m = /^\s*([a-z]+)\s*=\s*(\S(?:.*\S)?)\s*$/.exec(part);
    if (!m) throw new RangeError(`ROLE=NAME pairs separated by commas (${roles}; "${part}" is not one)`);
    const role = m[1] as ColumnRole;
    if (!(COLUMN_ROLES as readonly string[]).includes(role)) throw new RangeError(`${roles} ("${m[1]}" is not one)`);
    if (role in out) throw new RangeError(`each role once (${role} is named twice)`);
    out[role] = m[2];
  }
  const names = Object.values(out);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new RangeError(`each column for one role ("${twice}" is named for two)`);
  return out;
}

function pixelsPerDegree(flags: RecordingFlags): number | null {
  const ppd = flags.pxPerDeg ?? null;
  const geometry = [flags.screenDistanceMm ?? null, flags.screenWidthMm ?? null, flags.screenWidthPx ?? null];
  const given = geometry.filter((g) => g !== null).length;
  if (ppd !== null && given > 0) throw new FormatError('--px-per-deg or the screen geometry (--screen-distance-mm, --screen-width-mm, --screen-width-px), not both');
  if (ppd !== null) return ppd;
  if (given === 0) return null;
  if (given < 3) throw new FormatError('pixels from the screen geometry need all three: --screen-distance-mm, --screen-width-mm, --screen-width-px');
  const [distanceMm, widthMm, widthPx] = geometry as number[];
  return 2 * distanceMm * Math.tan(Math.PI / 360) * (widthPx / widthMm);
}
