import { chooseTimeUnit, HeaderColumns, pixelScale, type LayoutOptions } from './header-columns.ts';
import type { Separator } from './table-fields.ts';
import { tableInfo } from './table-info.ts';
import type { TableSpec } from './table-reader.ts';

/**
 * A pymovements samples CSV (its gaze frame saved with the list columns unnested): "time" (pymovements'
 * default unit, ms) and "position_x/_y" in degrees of visual angle, else "pixel_x/_y" in pixels
 * (then --px-per-deg); binocular files have position_xl/_yl/_xr/_yr: --eye picks one, the left by
 * default. Empty, NaN and null are gaps.
 */
export function pymovementsSpec(header: string[], sep: Separator, opts: LayoutOptions): TableSpec {
  const cols = new HeaderColumns(header);
  const t = cols.need('pymovements: the time', 'time', 'timestamp');
  const binocular = cols.find('position_xl', 'pixel_xl') >= 0;
  const side = opts.eye ?? (binocular ? 'left' : null);
  const suffix = side === null ? '' : side === 'left' ? 'l' : 'r';
  const inDeg = cols.find(`position_x${suffix}`) >= 0;
  const kind = inDeg ? 'position' : 'pixel';
  const x = cols.need('pymovements: gaze x', `${kind}_x${suffix}`);
  const y = cols.need('pymovements: gaze y', `${kind}_y${suffix}`);
  const trial = cols.trial(opts.trialColumn);
  const time = chooseTimeUnit(header[t], opts.timeUnit, 'ms', "pymovements' default unit");
  const scale = inDeg ? null : pixelScale(opts, `pymovements ${header[x]}, ${header[y]}`);
  return {
    sep,
    decimalComma: false,
    width: header.length,
    shortRowsPadded: false,
    timeIndex: t,
    msPerTimeUnit: time.msPerUnit,
    trialIndex: trial,
    row: (f, num) => {
      const gx = num(x);
      const gy = num(y);
      if (gx === undefined || gy === undefined) return { kind: 'bad', message: `${gx === undefined ? header[x] : header[y]} is not a number: "${(gx === undefined ? f[x] : f[y]).slice(0, 40)}"` };
      // pymovements' position is dva with y as the screen's (down); its pixel is the screen's too.
      if (scale === null) return { kind: 'sample', xDeg: gx, yDeg: -gy, pupil: NaN };
      return { kind: 'sample', xDeg: gx / scale.ppd, yDeg: -gy / scale.ppd, pupil: NaN };
    },
    info: tableInfo('pymovements', opts.detected, cols, {
      columns: { t: header[t], x: header[x], y: header[y], ...(trial >= 0 ? { trial: header[trial] } : {}) },
      timeSaid: time.said,
      positions: scale === null ? 'degrees of visual angle (pymovements position; its y grows down → + up)' : scale.said,
      gaps: 'empty, NaN or null',
      eye: side,
      eyeSaid: side === null ? undefined : opts.eye === null ? 'binocular: the left eye by default (--eye right for the other)' : `the ${side} eye (--eye)`,
    }),
  };
}
