import type { Layout } from './layout.ts';
import { PLAIN_TIME, PLAIN_X, PLAIN_Y, plainEye } from './plain-table.ts';
import { separatorOf, splitFields } from './table-fields.ts';

/** The project's own column names (csv.ts). */
const CALM_EYE = ['t_ms', 'x_deg', 'y_deg', 'aperture_mm'];

/** The first line a layout is told from: not blank, not a `#` comment; a byte-order mark dropped. */
export const isLayoutLine = (text: string): boolean => text.trim() !== '' && !text.trimStart().startsWith('#');

/**
 * The layout of a recording from its first line (--format auto): an EyeLink ASC by edf2asc's `**`
 * header or its MSG/START/SAMPLES lines; a tracker's table by the column names its software writes;
 * the project's own CSV by its names or a first line of numbers; a plain table by a time and x, y
 * column named as people name them. Null: no layout fits (the caller says which were tried).
 */
export function detectLayout(firstLine: string): Layout | null {
  const line = firstLine.replace(/^\uFEFF/, '');
  if (/^(\*\*|MSG\s|START\s|SAMPLES\s|EVENTS\s|PRESCALER\s|INPUT\s)/.test(line.trimStart())) return 'eyelink-asc';
  const sep = separatorOf(line);
  const names = splitFields(line, sep);
  const has = (re: RegExp) => names.some((n) => re.test(n));
  if (has(/^Recording timestamp(?: \[[^\]]*\])?$/i) && has(/^Gaze point /i)) return 'tobii-pro-lab';
  if (has(/^(RecordingTimestamp|Timestamp)$/i) && has(/^GazePoint/i)) return 'tobii-studio';
  if (has(/^(gaze_timestamp|world_timestamp)$/) && has(/^confidence$/) && has(/^norm_pos_x$/)) return 'pupil-labs';
  if (has(/^(time|timestamp)$/) && has(/^(position|pixel)_x[lr]?$/)) return 'pymovements';
  const lower = names.map((n) => n.toLowerCase());
  const own = lower.every((n) => CALM_EYE.includes(n)) && ['t_ms', 'x_deg', 'y_deg'].every((n) => lower.includes(n));
  if (own && sep === ',') return 'calm-eye';
  // No header (a first field that is a number): the project's format by position (csv.ts says what it needs).
  const first = line.trim().split(/[\s,;]+/)[0];
  if (/^(nan|na|null|\.)$/i.test(first) || Number.isFinite(Number(first))) return 'calm-eye';
  if (has(PLAIN_TIME) && ((has(PLAIN_X) && has(PLAIN_Y)) || (has(plainEye('x', 'left')) && has(plainEye('y', 'left'))))) return 'plain';
  return null;
}
