import { FormatError } from '../recording-format.ts';
import { chooseTimeUnit, decimalCommaPossible, HeaderColumns, pixelScale, type LayoutOptions } from './header-columns.ts';
import type { Separator } from './table-fields.ts';
import { tableInfo } from './table-info.ts';
import type { TableSpec } from './table-reader.ts';

const UNIT = String.raw`(?:[_ ]?[\[(]?(ms|s|sec|us|µs|μs)[\])]?)?`;
const POS_UNIT = String.raw`(?:[_ ]?[\[(]?(deg|dva|°|px|pix|pixels?)[\])]?)?`;
/** Time, x and y columns by the names people give them; the unit, if any, in a suffix. */
export const PLAIN_TIME = new RegExp(`^(?:t|time|timestamp|ts)${UNIT}$`, 'i');
export const PLAIN_X = new RegExp(`^(?:x|gx|gaze_?x|x_?gaze|pos_?x|x_?pos)${POS_UNIT}$`, 'i');
export const PLAIN_Y = new RegExp(`^(?:y|gy|gaze_?y|y_?gaze|pos_?y|y_?pos)${POS_UNIT}$`, 'i');

/** One eye's x or y in a binocular table: xl, x_left, left_x, lx (and the same for r, y), a unit suffix allowed. */
export const plainEye = (axis: 'x' | 'y', side: 'left' | 'right'): RegExp => {
  const s = side[0];
  return new RegExp(`^(?:${axis}_?${s}|${axis}_?${side}|${side}_?${axis}|${s}${axis}|gaze_?${axis}_?${side}|${side}_?gaze_?${axis})${POS_UNIT}$`, 'i');
};

const isPixels = (name: string) => /(px|pix|pixels?)[\])]?$/i.test(name);
const isDegrees = (name: string) => /(deg|dva|°)[\])]?$/i.test(name);

/**
 * A plain table: a time column and x, y found by name (`time,x,y`, `t_s;x_deg;y_deg`); every other
 * column is left unread and listed (a `pupil` column is not the lid's aperture). Units from the names;
 * without one, ms and degrees are assumed and said so (the time's rate is checked after reading).
 */
export function plainSpec(header: string[], sep: Separator, opts: LayoutOptions): TableSpec {
  const cols = new HeaderColumns(header);
  const t = cols.need('plain table: the time', PLAIN_TIME);
  // One x and y, or one eye's of a binocular table (--eye, the left by default).
  const binocular = cols.find(plainEye('x', 'left')) >= 0 && (cols.find(PLAIN_X) < 0 || opts.eye !== null);
  const side = binocular ? (opts.eye ?? 'left') : null;
  const x = side ? cols.need(`plain table: the ${side} eye's x`, plainEye('x', side)) : cols.need('plain table: gaze x', PLAIN_X);
  const y = side ? cols.need(`plain table: the ${side} eye's y`, plainEye('y', side)) : cols.need('plain table: gaze y', PLAIN_Y);
  const trial = cols.trial(opts.trialColumn);
  // The project's own aperture column, named exactly so: the lid's opening in mm (a "pupil" is not).
  const ap = cols.optional('aperture_mm');
  if (opts.eye !== null && !binocular) throw new FormatError('--eye picks one eye of a binocular file: this table has one x and one y (name binocular columns with --columns xl=,yl=,xr=,yr=)');
  const time = chooseTimeUnit(header[t], opts.timeUnit, 'ms', 'assumed: no unit in the header; --time-unit to say otherwise');
  const pixels = isPixels(header[x]) || (!isDegrees(header[x]) && opts.pxPerDeg !== null);
  const scale = pixels ? pixelScale(opts, `"${header[x]}", "${header[y]}"`) : null;
  const positions = scale ? scale.said : isDegrees(header[x]) ? 'degrees (from the header)' : 'degrees (assumed: no unit in the header; --px-per-deg if they are pixels)';
  const columns: Record<string, string> = { t: header[t], x: header[x], y: header[y], ...(ap >= 0 ? { a: header[ap] } : {}), ...(trial >= 0 ? { trial: header[trial] } : {}) };
  return {
    sep,
    decimalComma: decimalCommaPossible(sep),
    width: header.length,
    shortRowsPadded: false,
    timeIndex: t,
    msPerTimeUnit: time.msPerUnit,
    trialIndex: trial,
    row: (f, num) => {
      const gx = num(x);
      const gy = num(y);
      if (gx === undefined) return { kind: 'bad', message: `${header[x]} is not a number: "${f[x].slice(0, 40)}"` };
      if (gy === undefined) return { kind: 'bad', message: `${header[y]} is not a number: "${f[y].slice(0, 40)}"` };
      const a = ap >= 0 ? num(ap) : NaN;
      if (a === undefined) return { kind: 'bad', message: `${header[ap]} is not a number: "${f[ap].slice(0, 40)}"` };
      if (scale === null) return { kind: 'sample', xDeg: gx, yDeg: gy, pupil: NaN, apertureMm: a };
      // A tracker that lost the pupil writes (0, 0) pixels: a gap, not a look at the corner.
      const lost = gx === 0 && gy === 0;
      return { kind: 'sample', xDeg: lost ? NaN : gx / scale.ppd, yDeg: lost ? NaN : -gy / scale.ppd, pupil: NaN, apertureMm: a };
    },
    info: tableInfo('plain', opts.detected, cols, {
      columns,
      timeSaid: time.said,
      positions,
      gaps: scale ? 'empty, NaN, NA, null or (0, 0) pixels' : 'empty, NaN, NA or null',
      eye: side,
      eyeSaid: side === null ? undefined : opts.eye === null ? 'binocular: the left eye by default (--eye right for the other)' : `the ${side} eye (--eye)`,
    }),
  };
}
