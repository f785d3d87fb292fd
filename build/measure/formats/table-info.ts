import type { FormatInfo, Layout } from './layout.ts';
import type { HeaderColumns } from './header-columns.ts';

/** The FormatInfo of a table layout, its one-line summary made from the same parts. */
export function tableInfo(
  layout: Layout,
  detected: boolean,
  cols: HeaderColumns,
  parts: { columns: Record<string, string>; timeSaid: string; positions: string; gaps: string; eye: FormatInfo['eye']; eyeSaid?: string },
): FormatInfo {
  const ignored = cols.ignored();
  const c = parts.columns;
  const summary = [
    `${layout}${detected ? ' (detected from the header)' : ' (--format)'}`,
    `time "${c.t}" in ${parts.timeSaid}`,
    `gaze "${c.x}", "${c.y}" as ${parts.positions}`,
    ...(parts.eyeSaid ? [parts.eyeSaid] : []),
    ...(c.trial ? [`trials by "${c.trial}"`] : []),
    ...(c.pupil ? [`pupil "${c.pupil}" for blink edges only`] : []),
    `gaps: ${parts.gaps}`,
    ignored.length > 0 ? `${ignored.length} other column(s) not read` : 'every column read',
  ].join('; ');
  return { layout, detected, summary, columns: parts.columns, timeUnit: parts.timeSaid, positions: parts.positions, eye: parts.eye, ignoredColumns: ignored };
}
