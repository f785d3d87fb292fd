import { estimateBellGain, withoutBell, type BellGain } from './bell.ts';
import { detectBlinks, type DetectedBlink } from './blinks.ts';
import { ek2003Saccades } from './ek2003-saccades.ts';
import { detectSaccades, type DetectedSaccade, type SaccadeDetection } from './engbert-kliegl.ts';
import { fixationBreaks, ivtFixations, type Fixation, type FixationBreak } from './fixations.ts';
import { idtFixations } from './idt.ts';
import { closureWithLidRide, learnLidRide } from './lid-ride.ts';
import type { DetectorParams } from './params.ts';
import { MODEL_TRACE_METHOD, type SaccadeMethod } from './saccade-method.ts';
import type { Span } from './score.ts';
import { durationS, medianIntervalMs, type GazeSignal } from './signal.ts';
import { usableSegments, type Segment } from './velocity.ts';

/** Everything the detectors found in one recording. */
export interface Detection {
  sampleRateHz: number;
  sampleIntervalMs: number;
  /** Time recorded, s: breaks between trials (a step over maxGapIntervals) excluded; the rates' denominator. */
  durationS: number;
  samples: number;
  /** Saccades and microsaccades, in time order. */
  saccades: DetectedSaccade[];
  blinks: DetectedBlink[];
  /** What ended each fixation (eye.md §10). */
  breaks: FixationBreak[];
  /** I-VT fixations, counted as eye.md §10 counts them. */
  fixations: Fixation[];
  /** I-DT fixations (Salvucci & Goldberg 2000), the cross-check. */
  idtFixations: Fixation[];
  /** Usable runs of samples (missing data and blinks cut them), as indices and as times. */
  segments: Segment[];
  usableSpans: Span[];
  /** Samples treated as missing: NaN, or the lid over the pupil (closure above `blinkMaskClosure`), padded. */
  missingSamples: number;
  /** Bell's phenomenon as measured, taken out of the gaze before saccades were looked for. */
  bell: BellGain;
  saccadeDetector: Omit<SaccadeDetection, 'saccades'>;
}

/**
 * Run every detector on a recording: blinks from the aperture first; then, as a tracker loses the
 * pupil under the lid, samples where the lid covers it are missing (so Bell's roll under a closed lid
 * is never read as a saccade) and the roll a half-shut lid brings is measured and taken out of the
 * rest, its closure read against the open level the lids' ride with the pitch expects (lid-ride.ts);
 * then Engbert & Kliegl saccades on what is left (by `method`: see saccade-method.ts), then fixations
 * between them. Without a method, the model traces' (MODEL_TRACE_METHOD); `eye measure` passes its own.
 */
export function detect(signal: GazeSignal, params: DetectorParams, method: SaccadeMethod = MODEL_TRACE_METHOD): Detection {
  const { tMs } = signal;
  const n = tMs.length;
  const dtMs = medianIntervalMs(tMs);
  const lids = signal.apertureMm ? detectBlinks(tMs, signal.apertureMm, params) : null;
  const blinks = lids?.blinks ?? [];
  // Bell's gain, then the closure measured against the open level the lids' ride with the pitch
  // expects (lid-ride.ts: a saccade inside a blink's movement is not closure), then the gain again on it.
  let closure = lids?.closure ?? null;
  let bell: BellGain = { yDegPerClosure: 0, samples: 0 };
  if (closure && signal.apertureMm) {
    bell = estimateBellGain(signal, closure, blinks, params.blinkMaskClosure);
    closure = closureWithLidRide(signal, signal.apertureMm, closure, blinks, learnLidRide(signal, signal.apertureMm, blinks), bell.yDegPerClosure);
    bell = estimateBellGain(signal, closure, blinks, params.blinkMaskClosure);
  }
  const gaze = closure ? withoutBell(signal, closure, blinks, bell) : signal;
  const missing = closure ? lidOverPupil(tMs, closure, params.blinkMaskClosure, params.blinkPadMs) : new Uint8Array(n);
  const maxGapMs = (Number.isFinite(dtMs) ? dtMs : 0) * params.maxGapIntervals;
  const segments = usableSegments(gaze, missing, maxGapMs);
  const usable = new Uint8Array(n);
  for (const s of segments) usable.fill(1, s.start, s.end + 1);
  let missingSamples = 0;
  for (let i = 0; i < n; i++) if (!usable[i]) missingSamples++;
  const find = method === 'ek2003' ? ek2003Saccades : detectSaccades;
  const found = Number.isFinite(dtMs) ? find(gaze, segments, params, dtMs) : emptySaccades();
  // The reference reads amplitudes within the run only; refined also reads them across a gap.
  if (method !== 'ek2003') measureAcrossGaps(gaze, found.saccades, segments, params.microMaxDeg);
  const breaks = fixationBreaks(gaze, found.saccades, segments, params, dtMs);
  const { saccades, ...saccadeDetector } = found;
  return {
    sampleRateHz: 1000 / dtMs,
    sampleIntervalMs: dtMs,
    // Per second recorded: a break between trials is not recording time (the same step splits segments).
    durationS: durationS(signal, dtMs, maxGapMs),
    samples: n,
    saccades,
    blinks,
    breaks,
    fixations: ivtFixations(gaze, breaks, usable),
    idtFixations: idtFixations(gaze, segments, params),
    segments,
    usableSpans: segments.map((s) => ({ startMs: tMs[s.start], endMs: tMs[s.end] })),
    missingSamples,
    bell,
    saccadeDetector,
  };
}

/**
 * A saccade that runs into missing data (a blink that starts as it lands) or out of it is seen only
 * in part, and its in-run excursion reads short — a 2° step can show as 0.4°. Its amplitude is then
 * taken from where the gaze was before it to where the gaze is when the data come back (or from
 * before the gap to after it), and it is classed again.
 */
function measureAcrossGaps(gaze: GazeSignal, saccades: DetectedSaccade[], segments: Segment[], microMaxDeg: number): void {
  const at = (from: number, to: number) => {
    let x = 0;
    let y = 0;
    for (let i = from; i <= to; i++) {
      x += gaze.xDeg[i];
      y += gaze.yDeg[i];
    }
    return { x: x / (to - from + 1), y: y / (to - from + 1) };
  };
  let k = 0;
  for (const s of saccades) {
    if (!s.truncated) continue;
    while (k < segments.length && segments[k].end < s.startIndex) k++;
    const seg = segments[k];
    let before: { x: number; y: number } | null = null;
    let after: { x: number; y: number } | null = null;
    if (s.endIndex >= seg.end - 1 && k + 1 < segments.length) {
      before = at(Math.max(seg.start, s.startIndex - 3), Math.max(seg.start, s.startIndex - 1));
      const next = segments[k + 1];
      after = at(next.start, Math.min(next.end, next.start + 2));
    } else if (s.startIndex <= seg.start + 1 && k > 0) {
      const prev = segments[k - 1];
      before = at(Math.max(prev.start, prev.end - 2), prev.end);
      after = at(Math.min(seg.end, s.endIndex + 1), Math.min(seg.end, s.endIndex + 3));
    }
    if (!before || !after) continue;
    const across = Math.hypot(after.x - before.x, after.y - before.y);
    if (across > s.amplitudeDeg) {
      s.amplitudeDeg = across;
      s.kind = across < microMaxDeg ? 'microsaccade' : 'saccade';
    }
  }
}

/** 1 for every sample whose closure exceeds `maxClosure`, and every sample within `padMs` of one. */
function lidOverPupil(tMs: Float64Array, closure: Float64Array, maxClosure: number, padMs: number): Uint8Array {
  const n = tMs.length;
  const mask = new Uint8Array(n);
  let i = 0;
  while (i < n) {
    if (!(closure[i] > maxClosure)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < n && closure[j + 1] > maxClosure) j++;
    let a = i;
    while (a - 1 >= 0 && tMs[i] - tMs[a - 1] <= padMs) a--;
    let b = j;
    while (b + 1 < n && tMs[b + 1] - tMs[j] <= padMs) b++;
    mask.fill(1, a, b + 1);
    i = j + 1;
  }
  return mask;
}

function emptySaccades(): SaccadeDetection {
  return {
    saccades: [],
    sigmaRawDegPerS: { x: 0, y: 0 },
    sigmaDegPerS: { x: 0, y: 0 },
    thresholdDegPerS: { x: 0, y: 0 },
    floorApplied: false,
    minSamples: 2,
  };
}
