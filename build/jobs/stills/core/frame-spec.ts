/** The longest strip `eye look --strip` makes (a whole film is a sheet's job). */
export const STRIP_MAX_FRAMES = 120;

/** What a film is, as far as picking frames goes: its rate and how many frames it has. */
export interface FilmClock {
  fps: number;
  frames: number;
}

/** A frame picked from a film, with the time it shows and how it was asked for. */
export interface PickedFrame {
  frame: number;
  /** frame / fps, in ms: the time the frame shows. */
  tMs: number;
  /** The request as written (3.4s, 3400ms, frame:102). */
  spec: string;
}

export class FrameSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameSpecError';
  }
}

export const FRAME_SPEC_FORMS = '3.4s, 3400ms or frame:102';

/**
 * The frame a time falls on: round(t · fps). Frame n of a render shows the model at n / fps (the
 * page steps the model to floor(n · 240 / fps), exactly n / fps at 30 and 60 fps), so the nearest
 * frame is the rounded one. Computed from ms as t · fps / 1000 so 3400 ms at 30 fps is exactly 102.
 */
export function frameAtMs(tMs: number, fps: number): number {
  return Math.round((tMs * fps) / 1000);
}

export function frameTimeMsOf(frame: number, fps: number): number {
  return (frame * 1000) / fps;
}

/** The allowed range, said the same way in every error. */
export function rangeText(c: FilmClock): string {
  const last = c.frames - 1;
  return `frames 0 to ${last} at ${formatFps(c.fps)} fps, times 0s to ${formatSeconds(frameTimeMsOf(last, c.fps))} (a time falls on frame round(t · fps))`;
}

/**
 * Parse one frame request: `3.4s`, `3400ms` (the nearest frame, round(t · fps)) or `frame:102` (that
 * frame). A bare number is refused (seconds or frames? say which). Outside the film → FrameSpecError
 * naming the allowed range.
 */
export function parseFrameSpec(spec: string, c: FilmClock): PickedFrame {
  const s = spec.trim();
  let frame: number;
  const time = /^(-?(?:\d+(?:\.\d+)?|\.\d+))(s|ms)$/i.exec(s);
  const index = /^frame:(-?\d+)$/i.exec(s);
  if (time) {
    const tMs = Number(time[1]) * (time[2].toLowerCase() === 's' ? 1000 : 1);
    // A negative time is before the film even where it would round to frame 0.
    frame = tMs < 0 ? -1 : frameAtMs(tMs, c.fps);
  } else if (index) {
    frame = Number(index[1]);
  } else {
    throw new FrameSpecError(`"${spec}": expected a time or a frame, like ${FRAME_SPEC_FORMS}`);
  }
  if (frame < 0) throw new FrameSpecError(`"${spec}" is before the film: ${rangeText(c)}`);
  if (frame > c.frames - 1) throw new FrameSpecError(`"${spec}" is frame ${frame}, past the film's end: ${rangeText(c)}`);
  return { frame, tMs: frameTimeMsOf(frame, c.fps), spec: s };
}

/** `FROM..TO`, both ends as parseFrameSpec takes them, TO included; at most `maxFrames` frames. */
export function parseFrameRange(spec: string, c: FilmClock, maxFrames: number): { from: PickedFrame; to: PickedFrame } {
  const parts = spec.split('..');
  if (parts.length !== 2 || !parts[0].trim() || !parts[1].trim()) {
    throw new FrameSpecError(`"${spec}": expected FROM..TO, like 1.2s..1.6s or frame:30..frame:42`);
  }
  const from = parseFrameSpec(parts[0], c);
  const to = parseFrameSpec(parts[1], c);
  if (to.frame < from.frame) throw new FrameSpecError(`"${spec}": ends (frame ${to.frame}) before it starts (frame ${from.frame})`);
  const n = to.frame - from.frame + 1;
  if (n > maxFrames) throw new FrameSpecError(`"${spec}" is ${n} frames: a strip holds at most ${maxFrames} (use --sheet for a whole film)`);
  return { from, to };
}

/** `N` frames spread evenly over the film, first and last included (all of them if the film is shorter). */
export function evenlySpaced(count: number, frames: number): number[] {
  if (frames <= 0) return [];
  const n = Math.min(count, frames);
  if (n === 1) return [0];
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(Math.round((i * (frames - 1)) / (n - 1)));
  return out;
}

export function formatSeconds(tMs: number): string {
  return `${(tMs / 1000).toFixed(3)}s`;
}

function formatFps(fps: number): string {
  return Number.isInteger(fps) ? String(fps) : fps.toFixed(3);
}
