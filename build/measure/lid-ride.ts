import type { DetectedBlink } from './blinks.ts';
import { median, type GazeSignal } from './signal.ts';

/** Pitch bin of the open-level table, degrees. */
const BIN_DEG = 0.5;
/** A bin needs this many open-eye samples for its median to count. */
const MIN_BIN_SAMPLES = 24;
/** Fixed-point passes solving closure and the Bell-free pitch together (converges in 2–3: gain·slope ≪ 1). */
const PASSES = 3;
/** The table's scale for a lid movement comes from the open-lid samples this far either side of it, ms. */
const SCALE_WINDOW_MS = 3000;

/**
 * The lids ride with the eye's pitch (eye.md §5: looking down narrows the opening, looking up barely
 * widens it), so a closure read as 1 − aperture / open level, with the open level held or interpolated
 * in time across a blink, takes a pitch change inside the blink's movement (a saccade as the lid
 * closes, reopens or creeps) for a change of closure — and the Bell correction (bell.ts) then puts a
 * spurious step of a few tenths of a degree into the gaze, read as a microsaccade or a small saccade.
 * It is worst in a run of blinks that never rest between them, where the movement's ends are still
 * partly shut and no open level read there is right.
 *
 * So the open level is learned from the recording itself, as a function of pitch: the median aperture
 * of the samples outside every blink's movement, per `BIN_DEG` of pitch, linearly interpolated and
 * flat beyond the extremes (no assumed shape: a saturating up-gaze ride is followed as well as a
 * straight down-gaze one). Inside each lid movement the open level is that table at the eye's own
 * pitch — the gaze with Bell's roll taken out, y − gain · closure, solved with the closure in a few
 * fixed-point passes — times the median ratio aperture / table over the open-lid samples within
 * `SCALE_WINDOW_MS` either side, so a slow drift of the open level is still followed. With too few
 * pitches to learn from (a short or fixed-gaze recording) the closure is left as given.
 */
export interface LidRide {
  /** Bin centres (degrees, ascending) and the open aperture (mm) at each. */
  pitchDeg: Float64Array;
  openMm: Float64Array;
}

/** The open level per pitch, from samples outside every blink's span. Null when fewer than two bins have enough samples. */
export function learnLidRide(signal: GazeSignal, apertureMm: Float64Array, blinks: readonly DetectedBlink[]): LidRide | null {
  const n = apertureMm.length;
  const inBlink = new Uint8Array(n);
  for (const b of blinks) inBlink.fill(1, b.spanStartIndex, b.spanEndIndex + 1);
  const bins = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const y = signal.yDeg[i];
    const a = apertureMm[i];
    if (inBlink[i] || Number.isNaN(y) || Number.isNaN(a)) continue;
    const k = Math.round(y / BIN_DEG);
    let v = bins.get(k);
    if (!v) bins.set(k, (v = []));
    v.push(a);
  }
  const keys = [...bins.keys()].filter((k) => bins.get(k)!.length >= MIN_BIN_SAMPLES).sort((a, b) => a - b);
  if (keys.length < 2) return null;
  return {
    pitchDeg: Float64Array.from(keys, (k) => k * BIN_DEG),
    openMm: Float64Array.from(keys, (k) => median(Float64Array.from(bins.get(k)!))),
  };
}

/** The open aperture the table expects at a pitch. */
export function openAt(ride: LidRide, pitchDeg: number): number {
  const p = ride.pitchDeg;
  const o = ride.openMm;
  if (!(pitchDeg > p[0])) return o[0];
  if (pitchDeg >= p[p.length - 1]) return o[o.length - 1];
  let lo = 0;
  let hi = p.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (p[mid] <= pitchDeg) lo = mid;
    else hi = mid;
  }
  return o[lo] + ((o[hi] - o[lo]) * (pitchDeg - p[lo])) / (p[hi] - p[lo]);
}

/**
 * Closure inside each lid movement measured against the open level the lid ride expects at the eye's
 * pitch (see `LidRide`). Outside the movements the closure is returned unchanged.
 */
export function closureWithLidRide(
  signal: GazeSignal,
  apertureMm: Float64Array,
  closure: Float64Array,
  blinks: readonly DetectedBlink[],
  ride: LidRide | null,
  bellYDegPerClosure: number,
): Float64Array {
  if (!ride || blinks.length === 0) return closure;
  const out = closure.slice();
  const t = signal.tMs;
  const y = signal.yDeg;
  const n = apertureMm.length;
  const inBlink = new Uint8Array(n);
  for (const b of blinks) inBlink.fill(1, b.spanStartIndex, b.spanEndIndex + 1);
  // aperture / table at a sample outside every movement (the lid at rest there), NaN where unknown.
  const ratio = (i: number) => {
    const o = openAt(ride, y[i]);
    return inBlink[i] || Number.isNaN(apertureMm[i]) || Number.isNaN(y[i]) || !(o > 0) ? NaN : apertureMm[i] / o;
  };
  for (let k = 0; k < blinks.length; ) {
    const i0 = blinks[k].spanStartIndex;
    let i1 = blinks[k].spanEndIndex;
    for (k++; k < blinks.length && blinks[k].spanStartIndex <= i1 + 1; k++) i1 = Math.max(i1, blinks[k].spanEndIndex);
    // The table's scale here: the median ratio over the open-lid samples within SCALE_WINDOW_MS on either side.
    const r: number[] = [];
    for (let i = i0 - 1; i >= 0 && t[i0] - t[i] <= SCALE_WINDOW_MS; i--) if (!Number.isNaN(ratio(i))) r.push(ratio(i));
    for (let i = i1 + 1; i < n && t[i] - t[i1] <= SCALE_WINDOW_MS; i++) if (!Number.isNaN(ratio(i))) r.push(ratio(i));
    if (r.length < MIN_BIN_SAMPLES) continue;
    const s = median(Float64Array.from(r));
    for (let i = i0; i <= i1; i++) {
      const a = apertureMm[i];
      if (Number.isNaN(a) || Number.isNaN(y[i]) || Number.isNaN(closure[i])) continue;
      let c = closure[i];
      for (let pass = 0; pass < PASSES; pass++) {
        const open = s * openAt(ride, y[i] - bellYDegPerClosure * c);
        c = open > 0 ? Math.min(1, Math.max(0, 1 - a / open)) : c;
      }
      out[i] = c;
    }
  }
  return out;
}
