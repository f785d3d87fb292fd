import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { safeText } from '../../../errors/safe-text.ts';
import { detect } from '../../../measure/detect.ts';
import { DEFAULT_PARAMS } from '../../../measure/params.ts';
import { roundMetric, roundTo, type SceneSettings, type SceneState, type StateEvent, type StateMetric } from '../core/scene-state.ts';
import { DIFF_METRICS, METRIC_TOLERANCES } from '../core/tolerances.ts';
import { checkTrace, readProofJson } from '../../report/node/read-proof-json.ts';
import { sceneFolderIn } from '../../../node/io/contain.ts';
import type { PixelsSummary, RenderSummary } from '../../render/node/render-scene.ts';

const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const FRAME_HASH = /^[0-9a-f]{16}$/;
const DIGEST = /^[0-9a-f]{64}$/;

/** summary.json as eye render writes it (its own type: one home), the parts eye diff reads; `pixels` absent with --no-pixels. */
type SummaryFile = Pick<RenderSummary, 'frames' | 'durationS' | 'fps' | 'width' | 'height' | 'seed' | 'frameHashes'> & {
  pixels?: Partial<Pick<PixelsSummary, 'metrics' | 'representative'>>;
};

interface TraceFile {
  columns: Record<string, number[]>;
}

/** summary.json as eye diff reads it: the settings, one 16-digit hash per frame and the digest, the pixel metrics' numbers or nulls. */
function checkSummary(o: Record<string, unknown>, bad: (field: string, expected: string) => never): void {
  for (const k of ['durationS', 'fps', 'width', 'height', 'seed', 'frames']) if (!isNumber(o[k]) || (o[k] as number) < 0 || (o[k] as number) > 1e7) bad(k, 'a number from 0 to 1e7');
  const h = o.frameHashes as Record<string, unknown> | undefined;
  if (typeof h !== 'object' || h === null) bad('frameHashes', 'an object');
  if (typeof h!.digest !== 'string' || !DIGEST.test(h!.digest)) bad('frameHashes.digest', '64 hex digits');
  const per = h!.perFrame;
  if (!Array.isArray(per) || per.length !== o.frames || !per.every((x) => typeof x === 'string' && FRAME_HASH.test(x))) bad('frameHashes.perFrame', `${o.frames} hashes of 16 hex digits (one per frame)`);
  const p = o.pixels as Record<string, unknown> | undefined;
  if (p === undefined) return;
  if (typeof p !== 'object' || p === null) bad('pixels', 'an object');
  const m = p.metrics as Record<string, unknown> | undefined;
  if (m !== undefined) {
    if (typeof m !== 'object' || m === null) bad('pixels.metrics', 'an object');
    for (const k of DIFF_METRICS) if (m[k] !== undefined && m[k] !== null && !(isNumber(m[k]) && Math.abs(m[k] as number) <= 1e9)) bad(`pixels.metrics.${k}`, 'a number or null');
  }
  const r = p.representative as Record<string, unknown> | null | undefined;
  if (r === undefined || r === null) return;
  if (typeof r !== 'object' || !Array.isArray(r.verdicts)) bad('pixels.representative.verdicts', 'an array');
  for (const [i, v] of (r.verdicts as unknown[]).entries()) {
    const x = v as Record<string, unknown>;
    if (typeof x !== 'object' || x === null || typeof x.metric !== 'string') bad(`pixels.representative.verdicts.${i}`, 'a verdict naming its metric');
    for (const k of ['p10', 'p90']) if (x[k] !== null && !(isNumber(x[k]) && Math.abs(x[k] as number) <= 1e9)) bad(`pixels.representative.verdicts.${i}.${k}`, 'a number or null');
  }
}

/** `<proofDir>/<scene>` with its summary.json, or null when the proof folder has no such scene. */
export function sceneFolder(proofDir: string, scene: string): string | null {
  const dir = sceneFolderIn(proofDir, scene, 'a scene');
  return existsSync(join(dir, 'summary.json')) ? dir : null;
}

/** The settings and frame hashes of a rendered scene (summary.json alone: what an unchanged scene needs, no trace read). */
export function readSceneFrames(dir: string): Pick<SceneState, 'settings' | 'film' | 'metrics'> {
  // Held inside the proof folder, links followed: a scene's summary linked from elsewhere is not read.
  const s = readProofJson<SummaryFile>(join(dir, 'summary.json'), checkSummary, { within: dirname(dir) });
  const settings: SceneSettings = { width: s.width, height: s.height, fps: s.fps, durationS: s.durationS, seed: s.seed, frames: s.frames };
  const verdicts = s.pixels?.representative?.verdicts ?? [];
  const metrics: StateMetric[] = DIFF_METRICS.map((name) => {
    const v = verdicts.find((x) => x.metric === name);
    const value = s.pixels?.metrics?.[name];
    return { name, unit: METRIC_TOLERANCES[name].unit, value: roundMetric(typeof value === 'number' ? value : null), p10: roundMetric(v?.p10 ?? null), p90: roundMetric(v?.p90 ?? null) };
  });
  return { settings, film: { digest: s.frameHashes.digest, frames: [...s.frameHashes.perFrame] }, metrics: s.pixels?.metrics ? metrics : [] };
}

/**
 * A rendered scene's state: its settings and frames (summary.json), the film's pixel-measured numbers
 * with the era's spread it was held to (summary.json's pixels), and the events the detectors find in
 * its trace (detect() on the 240 Hz model samples, as eye check and eye report run them: the measured
 * events, not the generator's labels). Every file is read as hostile input (exit 2 naming the field).
 */
export function readSceneState(proofDir: string, scene: string): SceneState {
  const dir = sceneFolder(proofDir, scene);
  if (!dir) throw new CliError(EXIT.badInput, `${safeText(scene)}: no rendered scene in ${safeText(proofDir)} (eye render ${safeText(scene)} --out ${safeText(proofDir)})`);
  const frames = readSceneFrames(dir);
  const trace = readProofJson<TraceFile>(join(dir, 'trace.json'), checkTrace, { within: proofDir });
  return { scene, ...frames, events: traceEvents(trace.columns) };
}

/** The trace's detected saccades, microsaccades and blinks, onset-ordered, rounded as the baseline keeps them. */
export function traceEvents(columns: Record<string, number[]>): StateEvent[] {
  const col = (k: string) => Float64Array.from(columns[k]);
  const d = detect({ tMs: col('tMs'), xDeg: col('yawDeg'), yDeg: col('pitchDeg'), apertureMm: col('apertureMm') }, DEFAULT_PARAMS);
  const events: StateEvent[] = [
    ...d.saccades.map((s) => ({ kind: s.kind, startS: roundTo(s.startMs / 1000, 3), durationMs: roundTo(s.durationMs, 1), amplitudeDeg: roundTo(s.amplitudeDeg, 3) })),
    ...d.blinks.map((b) => ({ kind: 'blink' as const, startS: roundTo(b.startMs / 1000, 3), durationMs: roundTo(b.endMs - b.startMs, 1), amplitudeDeg: null })),
  ];
  return events.sort((a, b) => a.startS - b.startS || a.kind.localeCompare(b.kind));
}
