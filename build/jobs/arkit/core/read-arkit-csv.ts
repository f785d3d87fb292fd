import { LIVE_LINK_FACE_HEADER, LIVE_LINK_FACE_VALUES, type LiveLinkValue } from './live-link-columns.ts';

/** One parsed row of a take: its timecode and its 61 values by name. */
export interface ArkitRow {
  timecode: string;
  values: Record<LiveLinkValue, number>;
}

/**
 * A Live Link Face–style CSV read back (for the round trip and for tools that check a take): the header
 * must be the app's, every row 63 fields, BlendShapeCount 61 and every value a finite number; a line
 * that breaks a rule is a RangeError naming its line.
 */
export function readArkitCsv(text: string): ArkitRow[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (lines[0] !== LIVE_LINK_FACE_HEADER.join(',')) throw new RangeError('line 1: not the Live Link Face header');
  return lines.slice(1).map((line, i) => {
    const f = line.split(',');
    if (f.length !== LIVE_LINK_FACE_HEADER.length) throw new RangeError(`line ${i + 2}: ${f.length} fields, expected ${LIVE_LINK_FACE_HEADER.length}`);
    if (f[1] !== String(LIVE_LINK_FACE_VALUES.length)) throw new RangeError(`line ${i + 2}: BlendShapeCount ${f[1]}, expected ${LIVE_LINK_FACE_VALUES.length}`);
    const values = {} as Record<LiveLinkValue, number>;
    LIVE_LINK_FACE_VALUES.forEach((k, j) => {
      const v = Number(f[j + 2]);
      if (f[j + 2] === '' || !Number.isFinite(v)) throw new RangeError(`line ${i + 2}: ${k} is not a number`);
      values[k] = v;
    });
    return { timecode: f[0], values };
  });
}
