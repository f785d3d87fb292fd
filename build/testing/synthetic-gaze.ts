import { SACCADE_MIN_DEG } from '../spec/eye-spec.ts';
import { Random } from '../model/random/random.ts';
import type { TruthEvent } from '../model/types.ts';
import type { GazeSignal } from '../measure/signal.ts';

/** A scripted saccade: minimum-jerk, main-sequence duration (eye.md §1) unless one is given. */
export interface SyntheticSaccade {
  startMs: number;
  dxDeg: number;
  dyDeg: number;
  durationMs?: number;
}

/** A scripted blink, shaped as eye.md §4 (70 / 40 / 190 ms, the last tenth creeping over 400 ms). */
export interface SyntheticBlink {
  startMs: number;
  /** Deepest closure, 1 = shut. */
  depth?: number;
  closingMs?: number;
  holdMs?: number;
  openingMs?: number;
  creepMs?: number;
  /** Bell's phenomenon: the globe rolls up this far under a shut lid. */
  bellDeg?: number;
  doubleSecond?: boolean;
}

export interface SyntheticSpec {
  sampleRateHz: number;
  durationMs: number;
  saccades?: SyntheticSaccade[];
  blinks?: SyntheticBlink[];
  /** White position noise, RMS degrees per axis (a tracker's). */
  noiseDeg?: number;
  /** A steady glide, deg/s (pursuit-like ramp) on x. */
  rampDegPerS?: number;
  /** Intervals whose samples are NaN (tracker data loss). */
  gapsMs?: [number, number][];
  /** Time of the first sample, ms. */
  t0Ms?: number;
  openApertureMm?: number;
  /** The lids riding with the gaze (eye.md §5): the open aperture, mm, at a pitch (degrees, before Bell's roll). Default: `openApertureMm` at every pitch. */
  lidRide?: (pitchDeg: number) => number;
  seed?: number;
}

/** Main-sequence duration, eye.md §1: 2.2 ms/° + 21 ms. */
export const mainSequenceMs = (amplitudeDeg: number): number => 2.2 * amplitudeDeg + 21;

const minimumJerk = (u: number): number => (u <= 0 ? 0 : u >= 1 ? 1 : u * u * u * (10 - 15 * u + 6 * u * u));
const smoothstep = (u: number): number => (u <= 0 ? 0 : u >= 1 ? 1 : u * u * (3 - 2 * u));

function blinkClosure(b: Required<Omit<SyntheticBlink, 'doubleSecond'>>, t: number): number {
  const u = t - b.startMs;
  if (u < 0) return 0;
  if (u < b.closingMs) return b.depth * smoothstep(u / b.closingMs);
  if (u < b.closingMs + b.holdMs) return b.depth;
  const o = u - b.closingMs - b.holdMs;
  if (o < b.openingMs) return b.depth * (1 - 0.9 * smoothstep(o / b.openingMs));
  const c = o - b.openingMs;
  if (c < b.creepMs) return b.depth * 0.1 * (1 - smoothstep(c / b.creepMs));
  return 0;
}

/**
 * A recording with known events, for testing the detectors: saccades, blinks with Bell's phenomenon,
 * noise, a ramp and gaps, sampled at any rate. Returns the signal and its ground truth.
 */
export function synthesize(spec: SyntheticSpec): { signal: GazeSignal; truth: TruthEvent[] } {
  const rng = new Random(`synthetic:${spec.seed ?? 1}`);
  const n = Math.floor((spec.durationMs * spec.sampleRateHz) / 1000) + 1;
  const open = spec.openApertureMm ?? 10.65;
  const saccades = (spec.saccades ?? []).map((s) => ({ ...s, durationMs: s.durationMs ?? mainSequenceMs(Math.hypot(s.dxDeg, s.dyDeg)) }));
  const blinks = (spec.blinks ?? []).map((b) => ({
    startMs: b.startMs,
    depth: b.depth ?? 1,
    closingMs: b.closingMs ?? 70,
    holdMs: b.holdMs ?? 40,
    openingMs: b.openingMs ?? 190,
    creepMs: b.creepMs ?? 400,
    bellDeg: b.bellDeg ?? 9,
  }));
  const signal: GazeSignal = {
    tMs: new Float64Array(n),
    xDeg: new Float64Array(n),
    yDeg: new Float64Array(n),
    apertureMm: new Float64Array(n),
  };
  const t0 = spec.t0Ms ?? 0;
  for (let i = 0; i < n; i++) {
    const t = t0 + (i * 1000) / spec.sampleRateHz;
    let x = ((spec.rampDegPerS ?? 0) * (t - t0)) / 1000;
    let y = 0;
    for (const s of saccades) {
      const p = minimumJerk((t - s.startMs) / s.durationMs);
      x += s.dxDeg * p;
      y += s.dyDeg * p;
    }
    let closure = 0;
    let bell = 0;
    for (const b of blinks) {
      const c = blinkClosure(b, t);
      if (c > closure) {
        closure = c;
        bell = b.bellDeg * c;
      }
    }
    const noise = spec.noiseDeg ?? 0;
    const lost = (spec.gapsMs ?? []).some(([a, b]) => t >= a && t < b);
    signal.tMs[i] = t;
    signal.xDeg[i] = lost ? NaN : x + (noise > 0 ? noise * rng.normal() : 0);
    signal.yDeg[i] = lost ? NaN : y + bell + (noise > 0 ? noise * rng.normal() : 0);
    signal.apertureMm![i] = (spec.lidRide ? spec.lidRide(y) : open) * (1 - closure);
  }
  const truth: TruthEvent[] = [
    ...saccades.map((s): TruthEvent => {
      const amplitudeDeg = Math.hypot(s.dxDeg, s.dyDeg);
      return {
        kind: amplitudeDeg < SACCADE_MIN_DEG ? 'microsaccade' : 'saccade',
        startMs: s.startMs,
        endMs: s.startMs + s.durationMs,
        amplitudeDeg,
        corrective: false,
        cause: 'synthetic',
      };
    }),
    ...blinks.map(
      (b, k): TruthEvent => ({
        kind: 'blink',
        startMs: b.startMs,
        endMs: b.startMs + b.closingMs + b.holdMs + b.openingMs + b.creepMs,
        depth: b.depth,
        partial: b.depth < 1,
        doubleSecond: spec.blinks?.[k].doubleSecond ?? false,
        evoked: false,
      }),
    ),
  ].sort((a, b) => a.startMs - b.startMs);
  return { signal, truth };
}
