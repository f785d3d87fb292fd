import { CALM_CAPS, type Cap } from '../spec/eye-spec.ts';
export type { Cap };
import type { CalmMetrics } from './calm-metrics.ts';
import type { TraceStats } from './trace-stats.ts';

/** One checked number: what was measured, what it must hold, whether it did. */
export interface Assertion {
  /** The scene it was measured on. */
  scene: string;
  /** What is asserted, in words (`saccades per second`). */
  name: string;
  /** The metric's key in the summary (units in the name). */
  metric: string;
  value: number | null;
  cap: Cap;
  /** The cap as written in eye.md §10, with units (`≤ 1.6 /s`). */
  capText: string;
  pass: boolean;
  /** Anything a reader needs beside the number (the era's configured mean, a censored count). */
  note?: string;
}

/** Which caps apply: an era's script, eye contact at rest (a pointer may move), or reduced motion. */
export type SceneKind = 'script' | 'rest' | 'reduced';

/** Everything the caps read for one scene. */
export interface SceneMeasures {
  scene: string;
  kind: SceneKind;
  metrics: CalmMetrics;
  stats: TraceStats;
  /** The era's configured mean blink interval, s (reported beside the measured one). */
  configuredBlinkMeanS: number | null;
}

/** The calm caps of eye.md §10, as data (their home is spec/eye-spec.ts). */
export const CAPS = CALM_CAPS;

function capText(cap: Cap, unit: string): string {
  const u = unit ? ` ${unit}` : '';
  if (cap.min !== undefined && cap.max !== undefined) return cap.min === cap.max ? `= ${cap.min}${u}` : `${cap.min}–${cap.max}${u}`;
  if (cap.min !== undefined) return `≥ ${cap.min}${u}`;
  if (cap.max !== undefined) return cap.max === 0 ? `= 0${u}` : `≤ ${cap.max}${u}`;
  return 'any';
}

function holds(value: number | null, cap: Cap): boolean {
  if (value === null || Number.isNaN(value)) return false;
  return (cap.min === undefined || value >= cap.min) && (cap.max === undefined || value <= cap.max);
}

/**
 * The assertions for one scene. Script scenes carry every cap; scenes at rest (eye contact, a pointer
 * that may move) everything but the two that only the era scripts promise (fixation, saccade rate);
 * reduced-motion scenes: no saccades, no blinks, identical frames, and the frame unscaled.
 */
export function calmAssertions(m: SceneMeasures): Assertion[] {
  const out: Assertion[] = [];
  const add = (name: string, metric: string, value: number | null, cap: Cap, unit: string, note?: string) =>
    out.push({ scene: m.scene, name, metric, value, cap, capText: capText(cap, unit), pass: holds(value, cap), ...(note ? { note } : {}) });
  const { metrics: x, stats } = m;
  if (m.kind === 'reduced') {
    add('reduced motion: saccades', 'saccadeCount', x.saccadeCount + x.microsaccadeCount, CAPS.reducedSaccadeCount, '');
    add('reduced motion: blinks', 'blinkCount', x.blinkCount, CAPS.reducedBlinkCount, '');
    add('reduced motion: identical frames', 'identicalSamples', stats.identicalSamples ? 1 : 0, { min: 1, max: 1 }, '');
    add('frame scale', 'frameScaleMaxDeviation', stats.frameScaleMaxDeviation, CAPS.frameScaleMaxDeviation, '', 'largest |scale − 1|');
    return out;
  }
  if (m.kind === 'script') {
    add(
      'mean fixation',
      'meanFixationMs',
      x.meanFixationMs,
      CAPS.meanFixationMs,
      'ms',
      x.fixationCensoredOnly ? 'no saccade ended a fixation: the recordings are one fixation each (lower bound)' : `${x.fixationCount} fixations`,
    );
    add('saccades per second', 'saccadesPerS', x.saccadesPerS, CAPS.saccadesPerS, '/s', `${x.saccadeCount} saccades ≥ 0.6° in ${Math.round(x.durationS)} s`);
  }
  add('microsaccades per second', 'microsaccadesPerS', x.microsaccadesPerS, CAPS.microsaccadesPerS, '/s', `${x.microsaccadeCount} in ${Math.round(x.durationS)} s`);
  add(
    'mean blink interval',
    'meanBlinkIntervalS',
    x.meanBlinkIntervalS,
    CAPS.meanBlinkIntervalS,
    's',
    `configured ${m.configuredBlinkMeanS ?? '?'} s; ${x.blinkIntervalCount} intervals`,
  );
  add('iris wobble', 'wobbleMaxMm', stats.wobbleMaxMm, CAPS.wobbleMaxMm, 'mm');
  add('wobble never parked at its clamp', 'wobbleLongestAtClampMs', stats.wobbleLongestAtClampMs, CAPS.wobbleLongestAtClampMs, 'ms', 'longest stretch at the clamp');
  add('frame scale', 'frameScaleMaxDeviation', stats.frameScaleMaxDeviation, CAPS.frameScaleMaxDeviation, '', 'largest |scale − 1|');
  return out;
}

/** eye.md §5 / §10's lid opening table: rest 10.65, up ~10.9, down ~8.4 mm (the "~" read as ± 0.1 mm). */
export const OPENING_TABLE_MM = { restMm: 10.65, upMm: 10.9, downMm: 8.4 } as const;
const OPENING_TOLERANCE_MM = { restMm: 0.05, upMm: 0.1, downMm: 0.1 } as const;

/** The opening table as read from a trace (gaze held at rest, full up, full down) against eye.md's. */
export function openingTableAssertions(scene: string, measured: Record<keyof typeof OPENING_TABLE_MM, number | null>): Assertion[] {
  return (Object.keys(OPENING_TABLE_MM) as (keyof typeof OPENING_TABLE_MM)[]).map((k) => {
    const cap = { min: OPENING_TABLE_MM[k] - OPENING_TOLERANCE_MM[k], max: OPENING_TABLE_MM[k] + OPENING_TOLERANCE_MM[k] };
    const value = measured[k];
    return {
      scene,
      name: `lid opening, gaze ${k.replace('Mm', '')}`,
      metric: `opening${k[0].toUpperCase()}${k.slice(1)}`,
      value,
      cap,
      capText: `${OPENING_TABLE_MM[k]} ± ${OPENING_TOLERANCE_MM[k]} mm`,
      pass: holds(value, cap),
    };
  });
}
