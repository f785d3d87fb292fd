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

/**
 * Appends samples into growing typed arrays (long Node runs record millions of samples). With
 * `keepSamples` it keeps only about the newest that many (at least half of them, at most all): the
 * live page runs for as long as its tab is open, and a recording of everything grew by ~30 kB a second
 * without end. Forgotten samples and the events that ended before the oldest kept one are gone from
 * trace() and from every later drainChunk().
 */
export class TraceRecorder {
  private cols: Record<SampleField, Float64Array>;
  private n = 0;
  private readFrom = 0;
  private events: TruthEvent[] = [];
  private eventsReadFrom = 0;
  private readonly keepSamples: number;

  constructor(capacity = 4096, keepSamples = Infinity) {
    if (!(keepSamples >= 2)) throw new RangeError(`trace recorder: keepSamples ${keepSamples} is not 2 or more`);
    this.keepSamples = keepSamples;
    this.cols = {} as Record<SampleField, Float64Array>;
    for (const f of SAMPLE_FIELDS) this.cols[f] = new Float64Array(Math.min(capacity, keepSamples));
    this.list = SAMPLE_FIELDS.map((f) => this.cols[f]);
  }

  get length(): number {
    return this.n;
  }

  push(s: EyeSample): void {
    if (this.n === this.cols.tMs.length) {
      if (this.n < this.keepSamples) this.grow();
      else this.forgetOldestHalf();
    }
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

  /** Drop the oldest half of the kept samples, and the events that ended before what stays. */
  private forgetOldestHalf(): void {
    const drop = this.n >> 1;
    for (const col of this.list) col.copyWithin(0, drop, this.n);
    this.n -= drop;
    this.readFrom = Math.max(0, this.readFrom - drop);
    const oldestMs = this.cols.tMs[0];
    let readGone = 0;
    this.events = this.events.filter((e, i) => {
      if (e.endMs >= oldestMs) return true;
      if (i < this.eventsReadFrom) readGone++;
      return false;
    });
    // Events not yet read that ended before the window are dropped unread, like their samples.
    this.eventsReadFrom = Math.min(this.events.length, this.eventsReadFrom - readGone);
  }

  private grow(): void {
    for (const f of SAMPLE_FIELDS) {
      const next = new Float64Array(Math.min(this.cols[f].length * 2, this.keepSamples));
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
