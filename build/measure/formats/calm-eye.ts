import { GazeCsvReader, type ParsedRecording } from '../csv.ts';
import type { RecordingFormat } from '../recording-format.ts';
import type { LayoutOptions } from './header-columns.ts';
import type { FormatInfo, ReadRecording, TrialSpan } from './layout.ts';

const separatorOf = (raw: string): string | RegExp => (raw.includes(',') ? ',' : raw.includes('\t') ? '\t' : raw.includes(';') ? ';' : / +/);

/**
 * The project's own CSV (t_ms,x_deg,y_deg[,aperture_mm], header optional), or any table whose columns
 * --columns names, read by csv.ts's reader; a time that goes back (a file of trials, each timed from
 * 0) starts a new trial, read by a fresh reader given the header again, instead of being refused.
 */
export class CalmEyeReader {
  private parts: ParsedRecording[] = [];
  private header: { text: string; line: number } | null = null;
  private sep: string | RegExp | null = null;
  private tIndex = 0;
  private trialStartT = NaN;
  private prevT = -Infinity;
  private started = false;

  constructor(
    private reader: GazeCsvReader,
    private readonly format: RecordingFormat,
    private readonly opts: LayoutOptions,
    private readonly mapped: boolean,
  ) {}

  addLine(text: string, line: number): void {
    const raw = text.trim();
    if (raw === '' || raw.startsWith('#')) return this.reader.addLine(text, line);
    if (!this.started) this.begin(raw, line);
    const t = Number(raw.split(this.sep!)[this.tIndex]?.trim());
    if (this.header?.line !== line && Number.isFinite(t)) {
      // A restart: a time before the trial's first (times out of order within a trial stay csv.ts's problem).
      if (t <= this.trialStartT && t < this.prevT) {
        this.parts.push(this.reader.finish());
        this.reader = new GazeCsvReader(this.format);
        if (this.header) this.reader.addLine(this.header.text, this.header.line);
        this.trialStartT = t;
      } else if (Number.isNaN(this.trialStartT)) this.trialStartT = t;
      this.prevT = t;
    }
    this.reader.addLine(text, line);
  }

  /** The first line: the separator, the time column and whether it is a header. */
  private begin(raw: string, line: number): void {
    this.started = true;
    this.sep = separatorOf(raw);
    const fields = raw.split(this.sep).map((f) => f.trim().replace(/^"(.*)"$/, '$1'));
    const cols = this.format.columns;
    const first = fields[0];
    const isHeader = !(first === '' || /^(nan|na|null|\.)$/i.test(first) || Number.isFinite(Number(first)));
    if (cols !== null && this.format.columnsBy === 'position') this.tIndex = Number(cols.t) - 1;
    else if (isHeader) {
      const name = (cols?.t ?? 't_ms').toLowerCase();
      this.tIndex = Math.max(0, fields.findIndex((f) => f.toLowerCase() === name));
    }
    if (isHeader && !(this.format.skipTextLines && cols?.t !== undefined && this.format.columnsBy === 'position')) this.header = { text: raw, line };
  }

  finish(): ReadRecording {
    this.parts.push(this.reader.finish());
    const parts = this.parts;
    const n = parts.reduce((s, p) => s + p.signal.tMs.length, 0);
    const cat = (pick: (p: ParsedRecording) => Float64Array | null) => {
      const out = new Float64Array(n).fill(NaN);
      let o = 0;
      for (const p of parts) {
        const a = pick(p);
        if (a) out.set(a, o);
        o += p.signal.tMs.length;
      }
      return out;
    };
    const trials: TrialSpan[] = [];
    let o = 0;
    for (const [k, p] of parts.entries()) {
      trials.push({ label: String(k + 1), start: o, end: o + p.signal.tMs.length });
      o += p.signal.tMs.length;
    }
    const withAperture = parts.some((p) => p.signal.apertureMm !== null);
    const problems = parts.flatMap((p) => p.problems).slice(0, 100);
    return {
      signal: { tMs: cat((p) => p.signal.tMs), xDeg: cat((p) => p.signal.xDeg), yDeg: cat((p) => p.signal.yDeg), apertureMm: withAperture ? cat((p) => p.signal.apertureMm) : null },
      pupil: null,
      problems,
      problemCount: parts.reduce((s, p) => s + p.problemCount, 0),
      skippedLines: parts.reduce((s, p) => s + p.skippedLines, 0),
      format: this.info(parts[0].header, withAperture),
      trackerEvents: [],
      markers: [],
      markerCount: 0,
      trials: parts.length > 1 ? trials : null,
    };
  }

  private info(header: boolean, aperture: boolean): FormatInfo {
    const f = this.format;
    const cols = f.columns;
    const columns: Record<string, string> = cols !== null ? { ...(cols as Record<string, string>) } : { t: 't_ms', x: 'x_deg', y: 'y_deg', ...(aperture ? { a: 'aperture_mm' } : {}) };
    const positions = f.pxPerDeg !== null ? `pixels at ${f.pxPerDeg.toFixed(2)} px/° (x right, y down → + up)` : 'degrees';
    const unit = this.opts.timeUnit !== null ? `${f.timeUnit} (--time-unit)` : 'ms (the format\'s own; --time-unit to say otherwise)';
    const what = this.mapped
      ? `columns named by --columns (${Object.entries(columns).map(([k, v]) => `${k}=${v}`).join(', ')})`
      : `calm-eye${this.opts.detected ? ' (detected from the header)' : ' (--format)'}: t_ms, x_deg, y_deg${aperture ? ', aperture_mm as the lid aperture' : ''}${header ? '' : ' by position (no header)'}`;
    const summary = `${what}; time in ${unit}; gaze as ${positions}${f.eye ? `; the ${f.eye} eye` : ''}; gaps: empty, NaN, NA, "." or null${f.pxPerDeg !== null ? ', (0, 0) pixels' : ''}`;
    return { layout: this.mapped ? 'plain' : 'calm-eye', detected: this.opts.detected && !this.mapped, summary, columns, timeUnit: unit, positions, eye: f.eye, ignoredColumns: [] };
  }
}
