import { MAX_GAZE_DEG } from '../csv.ts';
import { MARKERS_KEPT, PROBLEMS_KEPT, type FormatInfo, type Marker, type ReadRecording, type TrialSpan } from './layout.ts';
import { numberOf, splitFields, type Separator } from './table-fields.ts';

/** What one row of a table is: a sample (NaN gaze: a gap), a row that is not a sample (an event row), or a problem. */
export type RowRead = { kind: 'sample'; xDeg: number; yDeg: number; pupil: number; apertureMm?: number } | { kind: 'skip'; marker?: string } | { kind: 'bad'; message: string };

/** A layout's reading of its table, made from the header by the layout's spec (tobii-pro-lab.ts, …). */
export interface TableSpec {
  sep: Separator;
  decimalComma: boolean;
  width: number;
  /** Rows may stop short of the header's width (their trailing empty fields not written). */
  shortRowsPadded: boolean;
  timeIndex: number;
  msPerTimeUnit: number;
  /** The trial column (-1: none; then a time that goes back starts a new trial). */
  trialIndex: number;
  /** The row's fields and a number reader (NaN: empty or missing; undefined: not a number). */
  row: (fields: string[], num: (i: number) => number | undefined) => RowRead;
  info: FormatInfo;
}

/** A column of doubles that grows by doubling. */
class Column {
  private data = new Float64Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  done(): Float64Array {
    return this.data.subarray(0, this.length);
  }
}

const clip = (f: string) => (f.length > 40 ? `${f.slice(0, 37)}...` : f);

/**
 * A table read row by row after its header (the header line is given to the spec, not here): time and
 * gaze by the spec, each problem by line number. Time must rise within a trial; a time that goes back
 * starts a new trial when the file has no trial column (a file of trials, each timed from 0), and a
 * change of the trial column's value starts one when it has.
 */
export class TableReader {
  constructor(private readonly spec: TableSpec) {}
  private readonly t = new Column();
  private readonly x = new Column();
  private readonly y = new Column();
  private readonly p = new Column();
  private readonly a = new Column();
  private apertureSeen = false;
  readonly problems: { line: number; message: string }[] = [];
  problemCount = 0;
  private skipped = 0;
  private readonly markers: Marker[] = [];
  private markerCount = 0;
  private prevT = -Infinity;
  private trialStartMs = Infinity;
  private prevLine = 0;
  private trials: TrialSpan[] = [];
  private trialLabel: string | null = null;
  private valid = 0;
  private pupilSeen = false;

  private problem(line: number, message: string): void {
    this.problemCount++;
    if (this.problems.length < PROBLEMS_KEPT) this.problems.push({ line, message });
  }

  addLine(text: string, line: number): void {
    if (text.trim() === '' || text.startsWith('#')) return;
    const s = this.spec;
    const fields = splitFields(text, s.sep);
    if (fields.length > s.width || (fields.length < s.width && !s.shortRowsPadded)) {
      this.problem(line, `expected ${s.width} fields (as the header), got ${fields.length}`);
      return;
    }
    while (fields.length < s.width) fields.push('');
    const num = (i: number) => numberOf(fields[i], s.decimalComma);
    const raw = fields[s.timeIndex];
    const tUnit = num(s.timeIndex);
    const read = s.row(fields, num);
    if (read.kind === 'skip') {
      this.skipped++;
      if (read.marker) this.mark(tUnit === undefined || Number.isNaN(tUnit) ? NaN : tUnit * s.msPerTimeUnit, read.marker);
      return;
    }
    if (tUnit === undefined || Number.isNaN(tUnit)) {
      this.problem(line, `${s.info.columns.t} is not a number: "${clip(raw)}"`);
      return;
    }
    if (read.kind === 'bad') {
      this.problem(line, read.message);
      return;
    }
    if (Math.abs(read.xDeg) > MAX_GAZE_DEG || Math.abs(read.yDeg) > MAX_GAZE_DEG) {
      this.problem(line, `gaze (${read.xDeg.toFixed(1)}°, ${read.yDeg.toFixed(1)}°) is outside ±${MAX_GAZE_DEG}° (no eye turns that far: ${s.info.positions})`);
      return;
    }
    const tMs = tUnit * s.msPerTimeUnit;
    const label = s.trialIndex >= 0 ? fields[s.trialIndex] : null;
    // Without a trial column, a time before the trial's first starts a new trial (each timed from 0).
    const newTrial = this.t.length === 0 || (label !== null ? label !== this.trialLabel : tMs <= this.trialStartMs && tMs < this.prevT);
    if (!newTrial && !(tMs > this.prevT)) {
      this.problem(line, `${s.info.columns.t} ${raw} is not after the previous sample's (line ${this.prevLine}): samples must be in time order, once each${label === null ? '' : ` within trial "${clip(label)}"`}`);
      return;
    }
    if (newTrial) {
      if (this.trials.length > 0) this.trials[this.trials.length - 1].end = this.t.length;
      this.trialLabel = label;
      this.trials.push({ label: label ?? String(this.trials.length + 1), start: this.t.length, end: this.t.length });
      this.trialStartMs = tMs;
    }
    this.prevT = tMs;
    this.prevLine = line;
    this.t.push(tMs);
    this.x.push(read.xDeg);
    this.y.push(read.yDeg);
    this.p.push(read.pupil);
    this.a.push(read.apertureMm ?? NaN);
    if (read.apertureMm !== undefined && !Number.isNaN(read.apertureMm)) this.apertureSeen = true;
    if (!Number.isNaN(read.xDeg) && !Number.isNaN(read.yDeg)) this.valid++;
    if (!Number.isNaN(read.pupil)) this.pupilSeen = true;
  }

  private mark(tMs: number, text: string): void {
    this.markerCount++;
    if (this.markers.length < MARKERS_KEPT) this.markers.push({ tMs, text });
  }

  finish(): ReadRecording {
    if (this.problemCount === 0) {
      if (this.t.length === 0) this.problem(0, 'no samples');
      else if (this.valid === 0) this.problem(0, `no valid sample: all ${this.t.length} samples are gaps (missing or invalid gaze)`);
    }
    if (this.trials.length > 0) this.trials[this.trials.length - 1].end = this.t.length;
    return {
      signal: { tMs: this.t.done(), xDeg: this.x.done(), yDeg: this.y.done(), apertureMm: this.apertureSeen ? this.a.done() : null },
      pupil: this.pupilSeen ? this.p.done() : null,
      problems: this.problems,
      problemCount: this.problemCount,
      skippedLines: this.skipped,
      format: this.spec.info,
      trackerEvents: [],
      markers: this.markers,
      markerCount: this.markerCount,
      trials: this.trials.length > 1 ? this.trials : null,
    };
  }
}
