import { ERA_GAZE } from '../model/eras/era-gaze.ts';
import { simulate } from '../model/player.ts';
import { SPREAD_TOLERANCE } from '../measure/film-spread.ts';
import { DEFAULT_PARAMS, type DetectorParams } from '../measure/params.ts';
import type { Scene } from '../scene/scene.ts';
import { formatValue } from './check-report.ts';
import { checkFilm, type EraSpread, type FilmCheck } from './era-spread.ts';

/**
 * How the scene files' seeds were picked (`eye check --pick-seeds`). A film inside p10–p90 may still sit
 * on an edge, where the pixel measurement's own small differences (a frame's timing, a blink's edge)
 * could tip it out; a picked film keeps a tenth of the range from each edge. An edge that is also the
 * median (a count that is usually 0, 2000's film-long fixation) keeps none: most films sit on it.
 */
export const PICK_MARGIN = 0.1;
/** Seeds tried after the scene's own: seed + 100, + 200, … (distinct scenes keep distinct seeds). */
export const PICK_STEP = 100;
/** 1995's film must also show a gaze-evoked blink (~0.2 a minute), so its pick can take ~80 tries. */
export const PICK_TRIES = 150;

/** Why a film is not a comfortable pick (empty: it is). */
export function pickProblems(f: FilmCheck, scene: Scene): string[] {
  const out: string[] = [];
  for (const v of f.verdicts) {
    if (v.value === null || v.p10 === null || v.p90 === null) continue;
    const s = f.spread.spread[v.metric];
    if (!s) continue;
    const tol = SPREAD_TOLERANCE[v.metric];
    const m = PICK_MARGIN * (s.p90 - s.p10);
    const lo = s.p10 >= s.p50 - 1e-9 ? s.p10 - tol : s.p10 - tol + m;
    const hi = s.p90 <= s.p50 + 1e-9 ? s.p90 + tol : s.p90 + tol - m;
    if (v.value < lo - 1e-9 || v.value > hi + 1e-9) {
      out.push(`${v.metric} ${formatValue(v.value)} ${v.pass === false ? 'outside' : 'at the edge of'} ${formatValue(s.p10)}–${formatValue(s.p90)}`);
    }
  }
  // eye.md §3's realism list: 1995's film must show a gaze-evoked blink (its cross-page jumps bring them).
  const p = ERA_GAZE[scene.era].pattern;
  if (out.length === 0 && scene.mode === 'script' && scene.tour.length === 0 && p.kind === 'scatter' && p.cross) {
    const evoked = simulate(scene, scene.durationS).events.some((e) => e.kind === 'blink' && e.evoked);
    if (!evoked) out.push('no gaze-evoked blink in the film');
  }
  return out;
}

export interface SeedPick {
  scene: string;
  seed: number;
  /** The seed the scene file has now is a comfortable pick. */
  keep: boolean;
  /** The seeds tried before the pick, and why each was not. */
  rejected: string[];
}

/** The scene's own seed if its film is a comfortable pick, else the first of seed + 100 k that is. */
export function pickSeed(scene: Scene, spread: EraSpread, params: DetectorParams = DEFAULT_PARAMS): SeedPick | null {
  const rejected: string[] = [];
  for (let k = 0; k < PICK_TRIES; k++) {
    const seed = scene.seed + PICK_STEP * k;
    const candidate = { ...scene, seed };
    const problems = pickProblems(checkFilm(candidate, spread, params), candidate);
    if (problems.length === 0) return { scene: scene.name, seed, keep: k === 0, rejected };
    rejected.push(`seed ${seed}: ${problems.join(', ')}`);
  }
  return null;
}
