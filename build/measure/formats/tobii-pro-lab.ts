import { chooseTimeUnit, decimalCommaPossible, HeaderColumns, pixelScale, type LayoutOptions } from './header-columns.ts';
import type { Separator } from './table-fields.ts';
import { tableInfo } from './table-info.ts';
import type { TableSpec } from './table-reader.ts';

/** A Pro Lab column by its name, with or without the unit Pro Lab may append (`Gaze point X [DACS px]`). */
const named = (name: string) => new RegExp(`^${name}(?: \\[[^\\]]*\\])?$`, 'i');

/**
 * A Tobii Pro Lab data export (TSV): "Recording timestamp" (µs unless the header says [ms]), the gaze
 * point in display pixels — both eyes' average "Gaze point X/Y", or one eye's with --eye — and
 * "Validity left/right". Rows are kept whole (Pro Lab ends rows with empty fields); a row that is not
 * the eye tracker's (a "Sensor" of Gyroscope, Accelerometer, or an "Event" row sharing a sample's
 * timestamp) is not a sample, and its event is kept as a marker; an "Invalid" eye, an empty gaze point,
 * are gaps.
 */
export function tobiiProLabSpec(header: string[], sep: Separator, opts: LayoutOptions): TableSpec {
  const cols = new HeaderColumns(header);
  const t = cols.need('Tobii Pro Lab: the time', named('Recording timestamp'));
  const side = opts.eye;
  const x = cols.need('Tobii Pro Lab: gaze x', named(side === null ? 'Gaze point X' : `Gaze point ${side} X`));
  const y = cols.need('Tobii Pro Lab: gaze y', named(side === null ? 'Gaze point Y' : `Gaze point ${side} Y`));
  const vl = side === 'right' ? -1 : cols.optional(named('Validity left'));
  const vr = side === 'left' ? -1 : cols.optional(named('Validity right'));
  const pl = side === 'right' ? -1 : cols.optional(named('Pupil diameter left'));
  const pr = side === 'left' ? -1 : cols.optional(named('Pupil diameter right'));
  const sensor = cols.optional(named('Sensor'));
  const event = cols.optional(named('Event'));
  const trial = cols.trial(opts.trialColumn);
  const time = chooseTimeUnit(header[t], opts.timeUnit, 'us', "Pro Lab's own unit when the header states none");
  const scale = pixelScale(opts, 'Tobii Pro Lab gaze points');
  const invalid = (i: number, f: string[]) => i >= 0 && /^invalid$/i.test(f[i]);
  const validities = [vl, vr].filter((i) => i >= 0);
  return {
    sep,
    decimalComma: decimalCommaPossible(sep),
    width: header.length,
    shortRowsPadded: true,
    timeIndex: t,
    msPerTimeUnit: time.msPerUnit,
    trialIndex: trial,
    row: (f, num) => {
      const ev = event >= 0 ? f[event] : '';
      // Another sensor's row (glasses' gyroscope), or an event row: not a sample.
      const notEyeTracker = sensor >= 0 ? !/^eye tracker$/i.test(f[sensor]) : ev !== '' && f[x] === '' && validities.every((i) => f[i] === '');
      if (notEyeTracker) return { kind: 'skip', marker: ev !== '' ? ev : undefined };
      const gx = num(x);
      const gy = num(y);
      if (gx === undefined || gy === undefined) return { kind: 'bad', message: `gaze point "${(gx === undefined ? f[x] : f[y]).slice(0, 40)}" is not a number` };
      const lost = validities.length > 0 && validities.every((i) => invalid(i, f));
      const pupils = [pl, pr].map((i) => (i >= 0 ? num(i) : NaN)).filter((v): v is number => v !== undefined && !Number.isNaN(v));
      const pupil = pupils.length ? pupils.reduce((a, b) => a + b, 0) / pupils.length : NaN;
      if (lost) return { kind: 'sample', xDeg: NaN, yDeg: NaN, pupil: NaN };
      return { kind: 'sample', xDeg: gx / scale.ppd, yDeg: -gy / scale.ppd, pupil };
    },
    info: tableInfo('tobii-pro-lab', opts.detected, cols, {
      columns: {
        t: header[t],
        x: header[x],
        y: header[y],
        ...(trial >= 0 ? { trial: header[trial] } : {}),
        ...(pl >= 0 || pr >= 0 ? { pupil: [pl, pr].filter((i) => i >= 0).map((i) => header[i]).join(' + ') } : {}),
      },
      timeSaid: time.said,
      positions: scale.said,
      gaps: `an empty gaze point${validities.length ? `, ${side === null ? 'both eyes' : 'the eye'} "Invalid"` : ''}; rows of another sensor or an event are not samples (events kept as markers)`,
      eye: side,
      eyeSaid: side === null ? "both eyes' average (Tobii's Gaze point X/Y; --eye left or right for one eye)" : `the ${side} eye (--eye)`,
    }),
  };
}
