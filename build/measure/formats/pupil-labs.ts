import { FormatError } from '../recording-format.ts';
import { chooseTimeUnit, HeaderColumns, type LayoutOptions } from './header-columns.ts';
import type { Separator } from './table-fields.ts';
import { tableInfo } from './table-info.ts';
import type { TableSpec } from './table-reader.ts';

/** Pupil Labs' own advice: gaze under this confidence is not to be trusted (their docs' 0.6). */
export const PUPIL_MIN_CONFIDENCE = 0.6;

const DEG = 180 / Math.PI;

/**
 * Pupil Labs' `gaze_positions.csv` (Pupil Player's raw data export): "gaze_timestamp" in seconds, a
 * "confidence" under 0.6 is a gap. The gaze is read as angles from "gaze_point_3d_x/y/z" (the 3D gaze
 * mapper's point in the world camera's frame, x right, y down, z ahead): azimuth atan2(x, z), elevation
 * atan2(−y, √(x² + z²)). "norm_pos_x/y" are not read: they are fractions of the world camera's image,
 * and degrees from them need that camera's intrinsics, which the file does not hold — a 2D-mapper
 * export (no gaze_point_3d) is refused with that said.
 */
export function pupilLabsSpec(header: string[], sep: Separator, opts: LayoutOptions): TableSpec {
  const cols = new HeaderColumns(header);
  const t = cols.need('Pupil Labs: the time', 'gaze_timestamp', 'world_timestamp', 'timestamp');
  const conf = cols.need('Pupil Labs: the confidence', 'confidence');
  const has3d = cols.find('gaze_point_3d_x') >= 0;
  if (!has3d) {
    throw new FormatError(
      'Pupil Labs gaze_positions.csv without gaze_point_3d_x/y/z: norm_pos_x/y are fractions of the world camera image, and degrees from them need the camera intrinsics, which the file does not hold — export with the 3D gaze mapper, or convert to degrees and name the columns with --columns',
    );
  }
  const gx = cols.need('Pupil Labs: gaze_point_3d', 'gaze_point_3d_x');
  const gy = cols.need('Pupil Labs: gaze_point_3d', 'gaze_point_3d_y');
  const gz = cols.need('Pupil Labs: gaze_point_3d', 'gaze_point_3d_z');
  const trial = cols.trial(opts.trialColumn);
  if (opts.eye !== null) throw new FormatError('--eye: a Pupil Labs gaze_positions.csv has one gaze point for both eyes (gaze_point_3d); leave --eye out');
  const time = chooseTimeUnit(header[t], opts.timeUnit, 's', "Pupil Labs' own unit");
  return {
    sep,
    decimalComma: false,
    width: header.length,
    shortRowsPadded: false,
    timeIndex: t,
    msPerTimeUnit: time.msPerUnit,
    trialIndex: trial,
    row: (f, num) => {
      const c = num(conf);
      const [x, y, z] = [num(gx), num(gy), num(gz)];
      if (c === undefined) return { kind: 'bad', message: `confidence is not a number: "${f[conf].slice(0, 40)}"` };
      if (x === undefined || y === undefined || z === undefined) return { kind: 'bad', message: 'gaze_point_3d is not a number' };
      if (!(c >= PUPIL_MIN_CONFIDENCE) || Number.isNaN(x) || Number.isNaN(y) || Number.isNaN(z) || z <= 0) return { kind: 'sample', xDeg: NaN, yDeg: NaN, pupil: NaN };
      return { kind: 'sample', xDeg: Math.atan2(x, z) * DEG, yDeg: Math.atan2(-y, Math.hypot(x, z)) * DEG, pupil: NaN };
    },
    info: tableInfo('pupil-labs', opts.detected, cols, {
      columns: { t: header[t], x: 'gaze_point_3d_x, _z', y: 'gaze_point_3d_y, _z', confidence: 'confidence', ...(trial >= 0 ? { trial: header[trial] } : {}) },
      timeSaid: time.said,
      positions: "degrees from gaze_point_3d (azimuth atan2(x, z), elevation atan2(-y, √(x²+z²)), world camera frame); norm_pos not read (it needs the camera's intrinsics)",
      gaps: `confidence under ${PUPIL_MIN_CONFIDENCE}, an empty gaze_point_3d`,
      eye: null,
      eyeSaid: "the binocular gaze point (Pupil's gaze mapper)",
    }),
  };
}
