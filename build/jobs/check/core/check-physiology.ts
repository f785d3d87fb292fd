import { openingTable, type OpeningTable } from '../../../model/anatomy/lids.ts';
import { ERA_GAZE } from '../../../model/eras/era-gaze.ts';
import { simulate } from '../../../model/player.ts';
import { pointerYawDeg } from '../../../model/pointer/pointer-gaze.ts';
import { emptyPointerSample, PointerTrack } from '../../../model/pointer/pointer-track.ts';
import { eraAt } from '../../../model/stage/stage.ts';
import { parseScene } from '../../../scene/parse.ts';
import type { EraId, EraOverrides, PointerKey, Scene } from '../../../scene/scene.ts';
import { catchUpErrors, type CatchUpReading } from '../../../measure/catch-up-errors.ts';
import { detect, type Detection } from '../../../measure/detect.ts';
import { MODEL_TRACE_METHOD } from '../../../measure/saccade-method.ts';
import { openingInWindows } from '../../../measure/opening-at.ts';
import type { DetectorParams } from '../../../measure/params.ts';
import { pupilLatencyMs } from '../../../measure/pupil-latency.ts';
import { pursuitGain } from '../../../measure/pursuit-gain.ts';
import type { Span } from '../../../measure/score.ts';
import { signalFromTrace } from '../../../measure/signal.ts';
import { PURSUIT_GAIN } from '../../../spec/eye-spec.ts';

/** What eye.md §10 asks to be measured and reported beside the caps, from dedicated stimulus scenes. */
export interface Physiology {
  /** Slow-phase gain on steady 10°/s glides of the followed target (eye.md §2: 0.85; 2026 0.97). */
  pursuit: { era: EraId; gain: number | null; expected: number; samples: number; catchUp: CatchUpStats }[];
  /** The lid opening with the gaze held at rest, full up and full down, read from the trace's aperture; beside it the twin's own table. */
  opening: { measured: { restMm: number | null; upMm: number | null; downMm: number | null }; twin: OpeningTable };
  /** Pupil latency to a step of screen light at an era change (eye.md §6: 0.23 s), ms. */
  pupil: { constrictMs: number | null; dilateMs: number | null; expectedMs: number };
}

/**
 * The saccades detected during the glides and the position error at each one's start (eye.md §2:
 * catch-up saccades only past the era's catchUp), beside the era's threshold.
 */
export interface CatchUpStats {
  thresholdDeg: number;
  readings: CatchUpReading[];
  minErrorDeg: number | null;
}

/** The name the opening-table assertions carry. */
export const OPENING_SCENE = 'opening-table (2026, eye contact, pointer held up and down)';

const move = (tS: number, xR: number, yR = 0): PointerKey => ({ tS, xR, yR, kind: 'move' });

/** A stimulus scene, validated and completed like a scene file (eye contact at rest unless said otherwise). */
function scene(name: string, fields: Record<string, unknown>): Scene {
  return parseScene({ mode: 'rest', ...fields }, `eye check stimulus ${name}`, name);
}

/** Where the detectors saw something other than the slow eye: saccades and whole lid movements. */
function notSlow(d: Detection, tMs: Float64Array): Span[] {
  return [...d.saccades, ...d.blinks.map((b) => ({ startMs: tMs[b.spanStartIndex], endMs: tMs[b.spanEndIndex] }))];
}

/**
 * Back-and-forth glides of the pointer in one era, eye contact at rest: the slow phase's gain, and the
 * error at every detected saccade's start. `overrides` make a deliberately bad eye (a test's).
 */
export function pursuitIn(era: EraId, params: DetectorParams, overrides: EraOverrides = {}): Physiology['pursuit'][number] {
  const follow = ERA_GAZE[era].followGain;
  // Back-and-forth glides of ±3 R whose followed target moves at ~10°/s, a 1 s rest at each end.
  const reachR = 3;
  const glideS = (follow * (pointerYawDeg(reachR) - pointerYawDeg(-reachR))) / 10;
  const keys: PointerKey[] = [move(0, -reachR)];
  const windows: Span[] = [];
  const glides: Span[] = [];
  let t = 1;
  for (let i = 0; i < 8; i++) {
    keys.push(move(t, i % 2 === 0 ? -reachR : reachR), move(t + glideS, i % 2 === 0 ? reachR : -reachR));
    windows.push({ startMs: (t + 0.4) * 1000, endMs: (t + glideS) * 1000 }); // past the 0.08 s low-pass's settling
    glides.push({ startMs: t * 1000, endMs: (t + glideS) * 1000 });
    t += glideS + 1;
  }
  const trace = simulate(scene(`pursuit-${era}`, { era, pointer: keys, overrides }), t + 0.5);
  const signal = signalFromTrace(trace);
  const track = new PointerTrack(keys);
  const ps = emptyPointerSample();
  const target = Float64Array.from(signal.tMs, (tMs) => follow * pointerYawDeg(track.sampleAt(tMs, ps).xR));
  const d = detect(signal, params, MODEL_TRACE_METHOD);
  const { gain, samples } = pursuitGain(signal.tMs, signal.xDeg, target, windows, notSlow(d, signal.tMs));
  // The followed target's pitch: the pattern's rest (0 in eye contact) pulled toward the pointer's (0).
  // The target the eye is sent to is the trace's own column (the pattern's point, which eye contact
  // moves between the visitor's eyes, pulled toward the pointer by the follow gain).
  const readings = catchUpErrors(signal.tMs, signal.xDeg, signal.yDeg, trace.columns.targetYawDeg, trace.columns.targetPitchDeg, d.saccades, glides);
  // Held to the era's table, whatever a (deliberately bad) eye was told.
  const catchUp = { thresholdDeg: ERA_GAZE[era].catchUpDeg, readings, minErrorDeg: readings.length ? Math.min(...readings.map((r) => r.errorDeg)) : null };
  return { era, gain, expected: era === '2026' ? PURSUIT_GAIN['2026'] : PURSUIT_GAIN.usual, samples, catchUp };
}

function openingTableFromTrace(params: DetectorParams): Physiology['opening'] {
  // Eye contact (2026 follows best of all): the pointer held at the eye, far above, far below (a
  // 0.2 s glide between holds of 2.8 s), three times over; read the last 1.3 s of each hold.
  const keys: PointerKey[] = [];
  const windows: Span[][] = [[], [], []];
  const heldAt = [0, 20, -20];
  for (let c = 0; c < 3; c++) {
    for (let k = 0; k < 3; k++) {
      const t0 = c * 9 + k * 3;
      keys.push(move(t0 + 0.2, 0, heldAt[k]), move(t0 + 3, 0, heldAt[k]));
      windows[k].push({ startMs: (t0 + 1.7) * 1000, endMs: (t0 + 3) * 1000 });
    }
  }
  const trace = simulate(scene('opening-table', { era: '2026', pointer: keys }), 27);
  const signal = signalFromTrace(trace);
  const d = detect(signal, params, MODEL_TRACE_METHOD);
  const exclude = notSlow(d, signal.tMs);
  const [rest, up, down] = windows.map((w) => {
    const vals = openingInWindows(signal.tMs, signal.apertureMm!, w, exclude).filter((v): v is number => v !== null);
    return vals.length ? vals.reduce((a, b) => a + b, 0) / vals.length : null;
  });
  return { measured: { restMm: rest, upMm: up, downMm: down }, twin: openingTable() };
}

function pupilSteps(): Physiology['pupil'] {
  // A dim green terminal (1970, 15 cd/m²) cut to a phone at full brightness (2009, 300 cd/m²) and back.
  const s = scene('pupil-steps', {
    mode: 'script',
    tour: [
      { era: '1970', atS: 0 },
      { era: '2009', atS: 6 },
      { era: '1970', atS: 14 },
    ],
  });
  const trace = simulate(s, 22);
  const { tMs, pupilMm } = trace.columns;
  // The stimulus is the stage's own era switch (the screen changes mid-cut), not anything the eye did.
  const switches: number[] = [];
  for (let i = 1; i < tMs.length; i++) if (eraAt(s, tMs[i]) !== eraAt(s, tMs[i - 1])) switches.push(tMs[i]);
  return {
    constrictMs: switches[0] === undefined ? null : pupilLatencyMs(tMs, pupilMm, switches[0]),
    dilateMs: switches[1] === undefined ? null : pupilLatencyMs(tMs, pupilMm, switches[1]),
    expectedMs: 230,
  };
}

/** Run the stimulus scenes and measure them. A second or so of work. */
export function measurePhysiology(params: DetectorParams): Physiology {
  return {
    pursuit: (['1970', '2026'] as const).map((era) => pursuitIn(era, params)),
    opening: openingTableFromTrace(params),
    pupil: pupilSteps(),
  };
}
