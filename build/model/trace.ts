import { SAMPLE_FIELDS, type EyeSample, type SampleField, type TruthEvent } from './types.ts';

/** A recorded run: every 240 Hz sample, column by column, plus the generator's ground truth. */
export interface Trace {
  sampleRateHz: number;
  columns: Record<SampleField, Float64Array>;
  events: TruthEvent[];
}

/** Plain-array form of a trace chunk, as it crosses the page protocol or is written to JSON. */
export interface TraceChunk {
  columns: Record<SampleField, number[]>;
  events: TruthEvent[];
}

/** Appends samples into growing typed arrays (long Node runs record millions of samples). */
export class TraceRecorder {
  private cols: Record<SampleField, Float64Array>;
  private n = 0;
  private readFrom = 0;
  private events: TruthEvent[] = [];
  private eventsReadFrom = 0;

  constructor(capacity = 4096) {
    this.cols = {} as Record<SampleField, Float64Array>;
    for (const f of SAMPLE_FIELDS) this.cols[f] = new Float64Array(capacity);
    this.list = SAMPLE_FIELDS.map((f) => this.cols[f]);
  }

  get length(): number {
    return this.n;
  }

  push(s: EyeSample): void {
    if (this.n === this.cols.tMs.length) this.grow();
    // The columns in SAMPLE_FIELDS order, so each step reads the sample's fields without looking its columns up by name.
    const list = this.list;
    const n = this.n;
    for (let i = 0; i < list.length; i++) list[i][n] = s[SAMPLE_FIELDS[i]];
    this.n++;
  }
  private list: Float64Array[] = [];

  pushEvents(events: TruthEvent[]): void {
    for (const e of events) this.events.push(e);
  }

  /** The whole recording so far. */
  trace(): Trace {
    const columns = {} as Record<SampleField, Float64Array>;
    for (const f of SAMPLE_FIELDS) columns[f] = this.cols[f].slice(0, this.n);
    return { sampleRateHz: 240, columns, events: this.events.slice() };
  }

  /** What was recorded since the last call, as plain arrays. */
  drainChunk(): TraceChunk {
    const columns = {} as Record<SampleField, number[]>;
    for (const f of SAMPLE_FIELDS) columns[f] = Array.from(this.cols[f].subarray(this.readFrom, this.n));
    this.readFrom = this.n;
    const events = this.events.slice(this.eventsReadFrom);
    this.eventsReadFrom = this.events.length;
    return { columns, events };
  }

  private grow(): void {
    for (const f of SAMPLE_FIELDS) {
      const next = new Float64Array(this.cols[f].length * 2);
      next.set(this.cols[f]);
      this.cols[f] = next;
    }
    this.list = SAMPLE_FIELDS.map((f) => this.cols[f]);
  }
}

/** Join chunks read one after another back into one trace. */
export function joinChunks(chunks: TraceChunk[]): Trace {
  const columns = {} as Record<SampleField, Float64Array>;
  for (const f of SAMPLE_FIELDS) {
    const total = chunks.reduce((n, c) => n + c.columns[f].length, 0);
    const col = new Float64Array(total);
    let at = 0;
    for (const c of chunks) {
      // A chunk that crossed JSON (the page's) carries NaN as null (the target columns while nothing is followed).
      const src = c.columns[f] as readonly (number | null)[];
      for (let i = 0; i < src.length; i++) col[at + i] = src[i] ?? NaN;
      at += src.length;
    }
    columns[f] = col;
  }
  return { sampleRateHz: 240, columns, events: chunks.flatMap((c) => c.events) };
}
