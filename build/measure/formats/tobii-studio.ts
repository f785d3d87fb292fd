import { chooseTimeUnit, decimalCommaPossible, HeaderColumns, pixelScale, type LayoutOptions } from './header-columns.ts';
import type { Separator } from './table-fields.ts';
import { tableInfo } from './table-info.ts';
import type { TableSpec } from './table-reader.ts';

/** Tobii Studio's validity codes: 0 certain … 4 eye not found; above 1 the sample is not the eye's. */
export const TOBII_STUDIO_MAX_VALID = 1;

const esc = (s: string) => s.replace(/[()]/g, '\\$&');
const named = (...names: string[]) => names.map((n) => new RegExp(`^${esc(n)}$`, 'i'));

/**
 * A Tobii Studio export (TSV): "RecordingTimestamp" (ms), the gaze in pixels — the average
 * "GazePointX (ADCSpx)" or one eye's "GazePointLeftX (ADCSpx)" with --eye (older exports:
 * "GazePointXLeft") — and "ValidityLeft/Right" codes 0–4. A code above 1 (for the average: on both
 * eyes), a coordinate of −1 (Studio's "no gaze") or an empty one is a gap; a "StudioEvent" row without
 * gaze is an event, kept as a marker.
 */
export function tobiiStudioSpec(header: string[], sep: Separator, opts: LayoutOptions): TableSpec {
  const cols = new HeaderColumns(header);
  const t = cols.need('Tobii Studio: the time', ...named('RecordingTimestamp', 'Timestamp'));
  const side = opts.eye;
  const S = side === 'left' ? 'Left' : 'Right';
  const x = cols.need('Tobii Studio: gaze x', ...(side === null ? named('GazePointX (ADCSpx)', 'GazePointX') : named(`GazePoint${S}X (ADCSpx)`, `GazePointX${S}`)));
  const y = cols.need('Tobii Studio: gaze y', ...(side === null ? named('GazePointY (ADCSpx)', 'GazePointY') : named(`GazePoint${S}Y (ADCSpx)`, `GazePointY${S}`)));
  const vl = side === 'right' ? -1 : cols.optional(...named('ValidityLeft'));
  const vr = side === 'left' ? -1 : cols.optional(...named('ValidityRight'));
  const pl = side === 'right' ? -1 : cols.optional(...named('PupilLeft'));
  const pr = side === 'left' ? -1 : cols.optional(...named('PupilRight'));
  const event = cols.optional(...named('StudioEvent'));
  const trial = cols.trial(opts.trialColumn);
  const time = chooseTimeUnit(header[t], opts.timeUnit, 'ms', "Studio's own unit");
  const scale = pixelScale(opts, 'Tobii Studio gaze points');
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
      if (event >= 0 && f[event] !== '' && f[x] === '') return { kind: 'skip', marker: f[event] };
      const gx = num(x);
      const gy = num(y);
      if (gx === undefined || gy === undefined) return { kind: 'bad', message: `gaze point "${(gx === undefined ? f[x] : f[y]).slice(0, 40)}" is not a number` };
      const codes = validities.map((i) => num(i));
      const lost = gx === -1 || gy === -1 || (codes.length > 0 && codes.every((c) => c !== undefined && !Number.isNaN(c) && c > TOBII_STUDIO_MAX_VALID));
      const pupils = [pl, pr].map((i) => (i >= 0 ? num(i) : NaN)).filter((v): v is number => v !== undefined && !Number.isNaN(v) && v > 0);
      if (lost) return { kind: 'sample', xDeg: NaN, yDeg: NaN, pupil: NaN };
      return { kind: 'sample', xDeg: gx / scale.ppd, yDeg: -gy / scale.ppd, pupil: pupils.length ? pupils.reduce((a, b) => a + b, 0) / pupils.length : NaN };
    },
    info: tableInfo('tobii-studio', opts.detected, cols, {
      columns: {
        t: header[t],
        x: header[x],
        y: header[y],
        ...(trial >= 0 ? { trial: header[trial] } : {}),
        ...(pl >= 0 || pr >= 0 ? { pupil: [pl, pr].filter((i) => i >= 0).map((i) => header[i]).join(' + ') } : {}),
      },
      timeSaid: time.said,
      positions: scale.said,
      gaps: `a coordinate of -1 or empty${validities.length ? `, validity code above ${TOBII_STUDIO_MAX_VALID} (${side === null ? 'both eyes' : 'the eye'})` : ''}; StudioEvent rows are not samples`,
      eye: side,
      eyeSaid: side === null ? "both eyes' average (Studio's GazePointX/Y; --eye left or right for one eye)" : `the ${side} eye (--eye)`,
    }),
  };
}
