import { stepsAtFrame, stepTimeMs } from '../../../model/time/clock.ts';
import type { TruthEvent } from '../../../model/types.ts';
import { formatSeconds, frameAtMs, type FilmClock } from './frame-spec.ts';

/** The named moments of a film, each a still (or, for the first blink, a strip). */
export const MOMENT_NAMES = ['mid-saccade', 'first-blink', 'down-gaze', 'up-gaze', 'partial-blink', 'brow-highest'] as const;
export type MomentName = (typeof MOMENT_NAMES)[number];

export type Moment =
  | {
      name: MomentName;
      found: true;
      /** 'strip': every frame in `frames` side by side; 'still': the one frame. */
      kind: 'still' | 'strip';
      /** The frame the moment is about (for the blink strip: its most closed frame). */
      frame: number;
      /** The time that frame shows, ms (frame / fps). */
      tMs: number;
      frames: number[];
      why: string;
    }
  | { name: MomentName; found: false; why: string };

type SaccadeEvent = Extract<TruthEvent, { amplitudeDeg: number }>;
type BlinkEvent = Extract<TruthEvent, { kind: 'blink' }>;

/** The trace columns the pickers read (trace.json's columns; index i is model step i). */
export interface MomentTrace {
  columns: { tMs: ArrayLike<number>; pitchDeg: ArrayLike<number>; apertureMm: ArrayLike<number>; browLiftMm: ArrayLike<number> };
  events: TruthEvent[];
}

/**
 * Pick the named moments from a film's trace. A moment is judged on what the film shows: frame n
 * draws model step floor(n · 240 / fps) (player.ts), so each picker compares the samples the frames
 * actually drew, never samples between frames. Gaze extremes leave out frames inside a blink (the
 * lid hides the eye there, and Bell's phenomenon rolls it up under the lid).
 */
export function pickMoments(trace: MomentTrace, clock: FilmClock): Moment[] {
  const f = new FilmFrames(trace, clock);
  const blinks = trace.events.filter((e): e is BlinkEvent => e.kind === 'blink').sort((a, b) => a.startMs - b.startMs);
  const inBlink = (n: number) => blinks.some((b) => f.shown(n, b));
  const open = f.all.filter((n) => !inBlink(n));
  return [
    midSaccade(f, trace.events, inBlink),
    firstBlink(f, blinks),
    gazeExtreme(f, open, 'down-gaze'),
    gazeExtreme(f, open, 'up-gaze'),
    partialBlink(f, blinks),
    browHighest(f),
  ];
}

/** The film's frames and the sample each one drew. */
class FilmFrames {
  readonly all: number[];
  constructor(
    readonly trace: MomentTrace,
    readonly clock: FilmClock,
  ) {
    this.all = Array.from({ length: clock.frames }, (_, n) => n);
    const last = stepsAtFrame(clock.frames - 1, clock.fps);
    const t = trace.columns.tMs;
    if (t.length <= last) throw new Error(`the trace has ${t.length} samples; the film's last frame draws step ${last}`);
    // Index i must be step i (the trace starts at step 0 and skips none).
    for (const i of [0, last]) {
      if (Math.abs(t[i] - stepTimeMs(i)) > 1e-6) throw new Error(`trace sample ${i} is at ${t[i]} ms, expected ${stepTimeMs(i)} ms (step ${i})`);
    }
  }
  step(n: number): number {
    return stepsAtFrame(n, this.clock.fps);
  }
  /** The time of the sample frame n drew. */
  drawnMs(n: number): number {
    return stepTimeMs(this.step(n));
  }
  at(column: keyof MomentTrace['columns'], n: number): number {
    return this.trace.columns[column][this.step(n)];
  }
  /** Is frame n drawn inside the event's span? */
  shown(n: number, e: { startMs: number; endMs: number }): boolean {
    const t = this.drawnMs(n);
    return t >= e.startMs && t <= e.endMs;
  }
  inside(e: { startMs: number; endMs: number }): number[] {
    // Only the frames near the span, not the whole film, for each event.
    const from = Math.max(0, frameAtMs(e.startMs, this.clock.fps) - 1);
    const to = Math.min(this.clock.frames - 1, frameAtMs(e.endMs, this.clock.fps) + 1);
    const out: number[] = [];
    for (let n = from; n <= to; n++) if (this.shown(n, e)) out.push(n);
    return out;
  }
  /** The frame among `frames` where `column` is least (or most); the earliest on a tie. */
  extreme(frames: number[], column: keyof MomentTrace['columns'], most: boolean): number | null {
    let best: number | null = null;
    for (const n of frames) {
      const v = this.at(column, n);
      if (best === null || (most ? v > this.at(column, best) : v < this.at(column, best))) best = n;
    }
    return best;
  }
  found(name: MomentName, frame: number, why: string, frames = [frame], kind: 'still' | 'strip' = 'still'): Moment {
    return { name, found: true, kind, frame, tMs: (frame * 1000) / this.clock.fps, frames, why };
  }
}

const deg = (v: number) => `${v >= 0 ? '+' : ''}${v.toFixed(1)}°`;
// Math.abs below 0.005 → 0: a shut lid's -1e-9 mm reads 0.00, not -0.00.
const mm = (v: number) => `${(Math.abs(v) < 0.005 ? 0 : v).toFixed(2)} mm`;
const span = (e: { startMs: number; endMs: number }) => `${formatSeconds(e.startMs)}–${formatSeconds(e.endMs)}`;

/**
 * The largest saccade caught in flight: the frame nearest its middle among the frames drawn while it
 * moved. A 30 fps frame is 33 ms and a small saccade lasts about 25 ms, so some have no frame inside;
 * those (and saccades hidden under a blink) give way to the next largest that has one.
 */
function midSaccade(f: FilmFrames, events: TruthEvent[], inBlink: (n: number) => boolean): Moment {
  const saccades = events
    .filter((e): e is SaccadeEvent => e.kind === 'saccade')
    .sort((a, b) => b.amplitudeDeg - a.amplitudeDeg || a.startMs - b.startMs);
  if (saccades.length === 0) return { name: 'mid-saccade', found: false, why: 'no saccade in this film' };
  for (const [k, s] of saccades.entries()) {
    const mid = (s.startMs + s.endMs) / 2;
    const flight = f.inside(s).filter((n) => !inBlink(n));
    if (flight.length === 0) continue;
    const n = flight.reduce((a, b) => (Math.abs(f.drawnMs(b) - mid) < Math.abs(f.drawnMs(a) - mid) ? b : a));
    const top = saccades[0];
    const skipped = k === 0 ? '' : `; ${k} larger one(s), the largest ${top.amplitudeDeg.toFixed(1)}° at ${span(top)}, had no frame drawn in flight outside a blink`;
    return f.found('mid-saccade', n, `the largest saccade caught in flight: ${s.amplitudeDeg.toFixed(1)}° from ${span(s)} (${s.cause}), the frame nearest its middle ${formatSeconds(mid)}${skipped}`);
  }
  const s = saccades[0];
  return {
    name: 'mid-saccade',
    found: false,
    why: `none of the ${saccades.length} saccade(s) has a frame drawn in flight outside a blink (the largest, ${s.amplitudeDeg.toFixed(1)}° at ${span(s)}, is shorter than a frame)`,
  };
}

/** Every frame of the first blink, from the last open frame before it to the first after it. */
function firstBlink(f: FilmFrames, blinks: BlinkEvent[]): Moment {
  const b = blinks[0];
  if (!b) return { name: 'first-blink', found: false, why: 'no blink in this film' };
  const inside = f.inside(b);
  const first = inside.length ? inside[0] : frameAtMs(b.startMs, f.clock.fps);
  const last = inside.length ? inside[inside.length - 1] : first - 1;
  const from = Math.max(0, first - 1);
  const to = Math.min(f.clock.frames - 1, last + 1);
  const frames = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const deepest = f.extreme(inside.length ? inside : frames, 'apertureMm', false)!;
  const kind = b.partial ? `partial (depth ${b.depth.toFixed(2)})` : 'full';
  // A double blink's second closure can start inside the first's span (its slow reopening tail): say so.
  const next = blinks[1] && blinks[1].startMs <= b.endMs ? `; the next blink starts at ${formatSeconds(blinks[1].startMs)}, inside this one's span, so the strip shows it too` : '';
  return f.found(
    'first-blink',
    deepest,
    `the first blink, ${kind}, ${span(b)}: its ${inside.length} frame(s) and one open frame either side; most closed at frame ${deepest} (aperture ${mm(f.at('apertureMm', deepest))})${next}`,
    frames,
    'strip',
  );
}

/** The lowest (down-gaze) or highest (up-gaze) pitch drawn, frames inside blinks left out. */
function gazeExtreme(f: FilmFrames, open: number[], name: 'down-gaze' | 'up-gaze'): Moment {
  const up = name === 'up-gaze';
  const n = f.extreme(open, 'pitchDeg', up);
  if (n === null) return { name, found: false, why: 'every frame of this film is inside a blink' };
  return f.found(name, n, `the ${up ? 'highest' : 'lowest'} pitch drawn outside blinks: ${deg(f.at('pitchDeg', n))}`);
}

/** The first partial blink at its most closed frame. */
function partialBlink(f: FilmFrames, blinks: BlinkEvent[]): Moment {
  const partials = blinks.filter((b) => b.partial);
  for (const b of partials) {
    const n = f.extreme(f.inside(b), 'apertureMm', false);
    if (n === null) continue;
    return f.found('partial-blink', n, `the first partial blink (depth ${b.depth.toFixed(2)}), ${span(b)}, at its most closed frame: aperture ${mm(f.at('apertureMm', n))}`);
  }
  return { name: 'partial-blink', found: false, why: partials.length ? 'no frame is drawn inside any partial blink' : 'none in this film' };
}

/** The frame where the brow is highest; none when it never rises above rest. */
function browHighest(f: FilmFrames): Moment {
  const n = f.extreme(f.all, 'browLiftMm', true)!;
  const v = f.at('browLiftMm', n);
  if (!(v > 0)) return { name: 'brow-highest', found: false, why: `the brow never rises above rest in this film (brow lift ≤ ${mm(v)} in every frame)` };
  return f.found('brow-highest', n, `the brow at its highest: lifted ${mm(v)}`);
}
