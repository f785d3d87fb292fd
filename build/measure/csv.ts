import type { GazeSignal } from './signal.ts';

/** A row that could not be read, by its 1-based line number in the file. */
export interface CsvProblem {
  line: number;
  message: string;
}

export interface ParsedRecording {
  signal: GazeSignal;
  problems: CsvProblem[];
  /** The first line named the columns. */
  header: boolean;
}

/** The columns, in the order the format gives them (`t_ms,x_deg,y_deg[,aperture_mm]`). */
const COLUMNS = ['t_ms', 'x_deg', 'y_deg', 'aperture_mm'] as const;

/**
 * Read a gaze recording: CSV `t_ms,x_deg,y_deg[,aperture_mm]` at any sampling rate, the header line
 * optional (with one, columns may come in any order, matched by name). Blank lines and lines starting
 * with `#` are skipped. An empty gaze or aperture field, or `NaN`, is a missing sample (a tracker's data
 * loss); anything else that is not a number, a wrong number of fields, or a time not after the
 * previous one is a problem reported by line number — the signal is only usable when there are none.
 */
export function parseGazeCsv(text: string): ParsedRecording {
  const problems: CsvProblem[] = [];
  const t: number[] = [];
  const x: number[] = [];
  const y: number[] = [];
  const ap: number[] = [];
  let order: number[] | null = null; // field index of t, x, y, aperture (−1: absent)
  let header = false;
  let prevT = -Infinity;
  let prevLine = 0;
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const raw = lines[n].trim();
    if (raw === '' || raw.startsWith('#')) continue;
    const fields = raw.split(',').map((f) => f.trim());
    const line = n + 1;
    if (order === null) {
      const named = headerOrder(fields);
      if (named) {
        order = named;
        header = true;
        continue;
      }
      if (fields.length !== 3 && fields.length !== 4) {
        problems.push({ line, message: `expected 3 or 4 fields (t_ms,x_deg,y_deg[,aperture_mm]), got ${fields.length}` });
        continue;
      }
      order = fields.length === 4 ? [0, 1, 2, 3] : [0, 1, 2, -1];
    }
    const width = Math.max(...order) + 1;
    if (fields.length !== width) {
      problems.push({ line, message: `expected ${width} fields, got ${fields.length}` });
      continue;
    }
    const tMs = Number(fields[order[0]]);
    if (fields[order[0]] === '' || !Number.isFinite(tMs)) {
      problems.push({ line, message: `t_ms is not a number: "${fields[order[0]]}"` });
      continue;
    }
    const values: number[] = [];
    let bad = false;
    for (let c = 1; c < 4; c++) {
      if (order[c] < 0) {
        values.push(NaN);
        continue;
      }
      const f = fields[order[c]];
      const v = f === '' || /^nan$/i.test(f) ? NaN : Number(f);
      if (!(f === '' || /^nan$/i.test(f)) && !Number.isFinite(v)) {
        problems.push({ line, message: `${COLUMNS[c]} is not a number: "${f}"` });
        bad = true;
      }
      values.push(v);
    }
    if (bad) continue;
    if (tMs <= prevT) {
      problems.push({ line, message: `t_ms ${tMs} is not after the previous sample's ${prevT} (line ${prevLine}): samples must be in time order, once each` });
      continue;
    }
    prevT = tMs;
    prevLine = line;
    t.push(tMs);
    x.push(values[0]);
    y.push(values[1]);
    ap.push(values[2]);
  }
  if (t.length === 0 && problems.length === 0) problems.push({ line: 0, message: 'no samples' });
  const hasAperture = order !== null && order[3] >= 0 && ap.some((v) => !Number.isNaN(v));
  return {
    signal: { tMs: Float64Array.from(t), xDeg: Float64Array.from(x), yDeg: Float64Array.from(y), apertureMm: hasAperture ? Float64Array.from(ap) : null },
    problems,
    header,
  };
}

/**
 * A header line: the known column names in any order (t_ms, x_deg and y_deg required), or any 3 or 4
 * words that are not numbers, read in the format's order.
 */
function headerOrder(fields: string[]): number[] | null {
  const names = fields.map((f) => f.toLowerCase());
  if (names.every((f) => (COLUMNS as readonly string[]).includes(f))) {
    const order = COLUMNS.map((c) => names.indexOf(c));
    if (order[0] >= 0 && order[1] >= 0 && order[2] >= 0) return order;
  }
  const words = fields.every((f) => /^[A-Za-z_"'][^,]*$/.test(f) && !/^nan$/i.test(f));
  if (words && (fields.length === 3 || fields.length === 4)) return fields.length === 4 ? [0, 1, 2, 3] : [0, 1, 2, -1];
  return null;
}
