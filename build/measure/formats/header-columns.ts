import { FormatError, MS_PER_TIME_UNIT, type TimeUnit } from '../recording-format.ts';
import type { Separator } from './table-fields.ts';

/** What the user said about the recording, for a layout's reader (each already valid on its own). */
export interface LayoutOptions {
  eye: 'left' | 'right' | null;
  /** Pixels per degree (--px-per-deg or the screen geometry), for a layout whose positions are pixels. */
  pxPerDeg: number | null;
  /** --time-unit, when given: it overrides the header's and the layout's own. */
  timeUnit: TimeUnit | null;
  trialColumn: string | null;
  detected: boolean;
}

/** A header's columns, found by name (exactly, else ignoring case), each use recorded so the rest are listed as ignored. */
export class HeaderColumns {
  private readonly used = new Set<number>();
  constructor(readonly names: string[]) {}

  /** The first of `candidates` present (a string matches the whole name ignoring case; a RegExp tests it); -1: none. */
  find(...candidates: (string | RegExp)[]): number {
    for (const c of candidates) {
      const i = this.names.findIndex((n) => (typeof c === 'string' ? n.toLowerCase() === c.toLowerCase() : c.test(n)));
      if (i >= 0) return i;
    }
    return -1;
  }

  /** A column the layout reads: its index, marked used; a FormatError naming what is missing otherwise. */
  need(what: string, ...candidates: (string | RegExp)[]): number {
    const i = this.find(...candidates);
    if (i < 0) throw new FormatError(`${what}: no column ${candidates.map((c) => (typeof c === 'string' ? `"${c}"` : String(c))).join(' or ')} in the header (${this.shown()})`);
    this.used.add(i);
    return i;
  }

  /** A column the layout reads when present; -1 when absent. */
  optional(...candidates: (string | RegExp)[]): number {
    const i = this.find(...candidates);
    if (i >= 0) this.used.add(i);
    return i;
  }

  /** --trial-column NAME: its index, or a FormatError listing the header. */
  trial(name: string | null): number {
    if (name === null) return -1;
    return this.need('--trial-column', name);
  }

  ignored(): string[] {
    return this.names.filter((n, i) => !this.used.has(i) && n !== '');
  }

  shown(): string {
    const list = this.names.slice(0, 12).map((n) => `"${n.length > 40 ? `${n.slice(0, 37)}...` : n}"`);
    return `${list.join(', ')}${this.names.length > 12 ? `, … ${this.names.length} columns` : ''}`;
  }
}

/** The unit a column's name states: `time_ms`, `Recording timestamp [μs]`, `t (s)`; null when it states none. */
export function timeUnitInName(name: string): TimeUnit | null {
  const m = /(?:[_ ]|\[|\()(ms|s|sec|us|µs|μs)\]?\)?$/i.exec(name.trim());
  if (!m) return null;
  const u = m[1].toLowerCase();
  return u === 'ms' ? 'ms' : u === 's' || u === 'sec' ? 's' : 'us';
}

/** The time unit used and how it was chosen: --time-unit, else the header's, else the layout's own (said as assumed). */
export function chooseTimeUnit(name: string, given: TimeUnit | null, layoutDefault: TimeUnit, why: string): { unit: TimeUnit; msPerUnit: number; said: string } {
  const inName = timeUnitInName(name);
  const unit = given ?? inName ?? layoutDefault;
  const said = given !== null ? `${unit} (--time-unit)` : inName !== null ? `${unit} (from the header)` : `${unit} (${why})`;
  return { unit, msPerUnit: MS_PER_TIME_UNIT[unit], said };
}

/** A decimal comma is possible only where the comma is not the separator. */
export const decimalCommaPossible = (sep: Separator): boolean => sep !== ',';

/** Pixels to degrees (x right; the screen's y grows down, gaze's up), or a FormatError saying what is needed. */
export function pixelScale(opts: LayoutOptions, what: string): { ppd: number; said: string } {
  if (opts.pxPerDeg === null) throw new FormatError(`${what} are screen pixels: give --px-per-deg, or --screen-distance-mm, --screen-width-mm and --screen-width-px`);
  return { ppd: opts.pxPerDeg, said: `pixels at ${opts.pxPerDeg.toFixed(2)} px/° (x right, y down → + up)` };
}
