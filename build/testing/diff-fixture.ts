import { mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { synthesize, type SyntheticBlink, type SyntheticSaccade } from './synthetic-gaze.ts';

export interface FixtureScene {
  /** Frames whose hash differs from the unchanged film's (their index). */
  changedFrames?: number[];
  saccades?: SyntheticSaccade[];
  blinks?: SyntheticBlink[];
  meanFixationMs?: number;
  fps?: number;
}

const FPS = 30;
const DURATION_MS = 4000;
export const FIXTURE_SACCADES: SyntheticSaccade[] = [
  { startMs: 700, dxDeg: 6, dyDeg: 0 },
  { startMs: 1900, dxDeg: -4, dyDeg: 2 },
  { startMs: 3100, dxDeg: 3, dyDeg: -1 },
];
export const FIXTURE_BLINKS: SyntheticBlink[] = [{ startMs: 2400 }];

/**
 * A rendered scene's folder as `eye diff` reads it (summary.json with frame hashes and pixel metrics,
 * trace.json with the four columns, a film.mp4 stand-in), from a synthetic 240 Hz recording with
 * known saccades and blinks: what a render of a changed eye would leave, without a browser.
 */
export function writeFixtureScene(proofDir: string, scene: string, o: FixtureScene = {}): string {
  const fps = o.fps ?? FPS;
  const frames = Math.round((DURATION_MS / 1000) * fps);
  const { signal } = synthesize({ sampleRateHz: 240, durationMs: DURATION_MS, saccades: o.saccades ?? FIXTURE_SACCADES, blinks: o.blinks ?? FIXTURE_BLINKS, noiseDeg: 0.005, seed: 7 });
  const full = Array.from({ length: frames }, (_, i) => createHash('sha256').update(`${scene} ${i}${o.changedFrames?.includes(i) ? ' changed' : ''}`).digest('hex'));
  const dir = join(proofDir, scene);
  mkdirSync(dir, { recursive: true });
  const summary = {
    scene,
    frames,
    durationS: DURATION_MS / 1000,
    fps,
    width: 640,
    height: 360,
    seed: 11,
    frameHashes: { algorithm: 'fixture', perFrame: full.map((h) => h.slice(0, 16)), digest: createHash('sha256').update(full.join('\n')).digest('hex') },
    pixels: {
      metrics: { durationS: 4, saccadesPerS: 0.75, microsaccadesPerS: 0, blinksPerMin: 15, meanFixationMs: o.meanFixationMs ?? 700, medianPitchDeg: 1, largeSaccadesPerMin: 0 },
      representative: {
        verdicts: [
          { metric: 'saccadesPerS', value: 0.75, p10: 0.5, p90: 1.5, pass: true },
          { metric: 'meanFixationMs', value: o.meanFixationMs ?? 700, p10: 500, p90: 1000, pass: true },
        ],
      },
    },
  };
  writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary));
  const columns = { tMs: Array.from(signal.tMs), yawDeg: Array.from(signal.xDeg), pitchDeg: Array.from(signal.yDeg), apertureMm: Array.from(signal.apertureMm ?? []) };
  writeFileSync(join(dir, 'trace.json'), JSON.stringify({ sampleRateHz: 240, scene: { tour: [] }, columns, events: [] }));
  writeFileSync(join(dir, 'film.mp4'), 'not a film: the fixture tools never decode it');
  return dir;
}
