/**
 * How a recording's columns are read: which column is what, the time unit, degrees or pixels, which
 * eye. Made from `eye measure`'s flags (RECORDING_FLAGS) by `recordingFormat`, which states what is
 * allowed when a flag is wrong.
 */
export type TimeUnit = 'ms' | 's';
export type EyeSide = 'left' | 'right';

/** What a column holds: time, gaze x and y, the lid aperture; the binocular ones by eye (l, r). */
export const COLUMN_ROLES = ['t', 'x', 'y', 'a', 'xl', 'yl', 'xr', 'yr'] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];

export interface RecordingFormat {
  /** Header names by role; null: the project's own format (t_ms,x_deg,y_deg[,aperture_mm]). */
  columns: Partial<Record<ColumnRole, string>> | null;
  timeUnit: TimeUnit;
  /** Degrees as given, or pixels at this many per degree (x right, y down on the screen → + up). */
  pxPerDeg: number | null;
  eye: EyeSide | null;
}

export const DEFAULT_FORMAT: RecordingFormat = { columns: null, timeUnit: 'ms', pxPerDeg: null, eye: null };

/** Every flag of the format, declared once: the CLI declares them from here and `recordingFormat` reads them. */
export const RECORDING_FLAGS = {
  columns: { flag: '--columns <map>', doc: 'which header column is what: t=NAME,x=NAME,y=NAME[,a=NAME], or by eye xl=,yl=,xr=,yr= with --eye (header required)' },
  timeUnit: { flag: '--time-unit <unit>', doc: 'the time column in ms or s (default ms)' },
  pxPerDeg: { flag: '--px-per-deg <n>', doc: 'positions are screen pixels, this many per degree' },
  screenDistanceMm: { flag: '--screen-distance-mm <n>', doc: 'positions are pixels: eye-to-screen distance, mm (with --screen-width-mm and --screen-width-px)' },
  screenWidthMm: { flag: '--screen-width-mm <n>', doc: "the screen's visible width, mm" },
  screenWidthPx: { flag: '--screen-width-px <n>', doc: "the screen's width, pixels" },
  eye: { flag: '--eye <side>', doc: 'a binocular file: left or right (its columns named in --columns as xl,yl or xr,yr)' },
} as const;

export type RecordingFlags = Partial<Record<keyof typeof RECORDING_FLAGS, string>>;

/** A flag that cannot be read; the message states what is allowed. */
export class FormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormatError';
  }
}

/**
 * The format from the flags as typed. Pixels: `--px-per-deg`, or the three screen numbers, which give
 * the pixels per degree at the screen's centre, 2·d·tan(0.5°)·(width px / width mm); never both.
 */
export function recordingFormat(flags: RecordingFlags): RecordingFormat {
  const timeUnit = flags.timeUnit ?? 'ms';
  if (timeUnit !== 'ms' && timeUnit !== 's') throw new FormatError(`--time-unit: expected ms or s, got "${timeUnit}"`);
  const eye = flags.eye ?? null;
  if (eye !== null && eye !== 'left' && eye !== 'right') throw new FormatError(`--eye: expected left or right, got "${eye}"`);
  const columns = flags.columns === undefined ? null : columnMap(flags.columns);
  const binocular = columns !== null && ['xl', 'yl', 'xr', 'yr'].some((r) => r in columns);
  if (eye !== null && !binocular) throw new FormatError('--eye picks one eye of a binocular file: name its columns in --columns (xl=,yl= for left, xr=,yr= for right)');
  if (binocular && eye === null) throw new FormatError('--columns names binocular columns (xl, yl, xr, yr): add --eye left or --eye right');
  if (columns !== null) {
    const need: ColumnRole[] = binocular ? ['t', eye === 'left' ? 'xl' : 'xr', eye === 'left' ? 'yl' : 'yr'] : ['t', 'x', 'y'];
    const missing = need.filter((r) => !(r in columns));
    if (missing.length > 0) throw new FormatError(`--columns: ${missing.join(', ')} not named (needed: ${need.join(', ')})`);
    if (binocular && 'x' in columns) throw new FormatError('--columns: give x,y for one eye or xl,yl,xr,yr by eye, not both');
  }
  return { columns, timeUnit, pxPerDeg: pixelsPerDegree(flags), eye };
}

/** `t=time,x=gx,y=gy` → roles to names. */
function columnMap(text: string): Partial<Record<ColumnRole, string>> {
  const out: Partial<Record<ColumnRole, string>> = {};
  const allowed = `roles ${COLUMN_ROLES.join(', ')}`;
  for (const part of text.split(',')) {
    const m = /^\s*([a-z]+)\s*=\s*(\S(?:.*\S)?)\s*$/.exec(part);
    if (!m) throw new FormatError(`--columns: expected ROLE=NAME pairs separated by commas (${allowed}), got "${part}"`);
    const role = m[1] as ColumnRole;
    if (!(COLUMN_ROLES as readonly string[]).includes(role)) throw new FormatError(`--columns: unknown role "${m[1]}" (${allowed})`);
    if (role in out) throw new FormatError(`--columns: ${role} is named twice`);
    out[role] = m[2];
  }
  const names = Object.values(out);
  if (new Set(names).size !== names.length) throw new FormatError('--columns: one column named for two roles');
  return out;
}

function pixelsPerDegree(flags: RecordingFlags): number | null {
  const num = (key: keyof typeof RECORDING_FLAGS, raw: string | undefined): number | null => {
    if (raw === undefined) return null;
    const v = raw.trim() === '' ? NaN : Number(raw);
    if (!Number.isFinite(v) || v <= 0) throw new FormatError(`${RECORDING_FLAGS[key].flag.split(' ')[0]}: expected a number above 0, got "${raw}"`);
    return v;
  };
  const ppd = num('pxPerDeg', flags.pxPerDeg);
  const geometry = [num('screenDistanceMm', flags.screenDistanceMm), num('screenWidthMm', flags.screenWidthMm), num('screenWidthPx', flags.screenWidthPx)];
  const given = geometry.filter((g) => g !== null).length;
  if (ppd !== null && given > 0) throw new FormatError('--px-per-deg or the screen geometry (--screen-distance-mm, --screen-width-mm, --screen-width-px), not both');
  if (ppd !== null) return ppd;
  if (given === 0) return null;
  if (given < 3) throw new FormatError('pixels from the screen geometry need all three: --screen-distance-mm, --screen-width-mm, --screen-width-px');
  const [distanceMm, widthMm, widthPx] = geometry as number[];
  return 2 * distanceMm * Math.tan(Math.PI / 360) * (widthPx / widthMm);
}
