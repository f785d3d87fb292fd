import { ERA_GAZE } from '../../../model/eras/era-gaze.ts';
import { simulate } from '../../../model/player.ts';
import { SPREAD_TOLERANCE } from '../../../measure/film-spread.ts';
import { DEFAULT_PARAMS, type DetectorParams } from '../../../measure/params.ts';
import type { Scene } from '../../../scene/scene.ts';
import type { TruthEvent } from '../../../model/types.ts';
import { formatValue } from '../../../report/table.ts';
import { checkFilm, type EraSpread, type FilmCheck } from './era-spread.ts';

/**
 * How the scene files' seeds were picked (`eye check --pick-seeds`). A film inside p10–p90 may still sit
 * on an edge, where the pixel measurement's own small differences (a frame's timing, a blink's edge)
 * could tip it out; a picked film keeps a tenth of the range from each edge. An edge that is also the
 * median (a count that is usually 0, 2000's film-long fixation) keeps none: most films sit on it.
 */
export const PICK_MARGIN = 0.1;
/**
 * A film must not show a run of blinks this close: three blink episodes (a double's second not
 * counted) starting within 2 s. The intervals are exponential clamped at 0.8 s (eye.md §4), so about one
 * in six is exactly 0.8 s; two in a row make a burst (1995's seed-910 film blinked at 7.47, 8.27 and
 * 9.07 s) that reads busier than the era's rate even when the film's count is typical.
 */
export const BURST_BLINKS = 3;
export const BURST_WITHIN_MS = 2000;

/** Seeds tried after the scene's own: seed + 100, + 200, … (distinct scenes keep distinct seeds). */
export const PICK_STEP = 100;
/**
 * 1995's film must also show a gaze-evoked blink (~0.2 a minute) and no blink burst, so its pick can
 * take a couple of hundred tries (20-s films simulate in milliseconds).
 */
export const PICK_TRIES = 300;

/** Why a film's numbers are not a comfortable pick: outside its spread or within the margin of an edge. */
export function marginProblems(f: FilmCheck): string[] {
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
  return out;
}

/** Why a film's events (the generator's, for the pick only) make it a poor pick: a blink burst; 1995 without an evoked blink. */
export function eventProblems(scene: Scene, events: readonly TruthEvent[]): string[] {
  const out: string[] = [];
  const onsets = events.filter((e) => e.kind === 'blink' && !e.doubleSecond).map((e) => e.startMs);
  for (let i = BURST_BLINKS - 1; i < onsets.length; i++) {
    if (onsets[i] - onsets[i - BURST_BLINKS + 1] < BURST_WITHIN_MS) {
      out.push(`${BURST_BLINKS} blinks within ${BURST_WITHIN_MS / 1000} s from ${(onsets[i - BURST_BLINKS + 1] / 1000).toFixed(2)} s`);
      break;
    }
  }
  // eye.md §3's realism list: 1995's film must show a gaze-evoked blink (its cross-page jumps bring them).
  const p = ERA_GAZE[scene.era].pattern;
  if (scene.mode === 'script' && scene.tour.length === 0 && p.kind === 'scatter' && p.cross) {
    if (!events.some((e) => e.kind === 'blink' && e.evoked)) out.push('no gaze-evoked blink in the film');
  }
  return out;
}

/** Why a scene's film is not a comfortable pick (empty: it is). */
export function pickProblems(f: FilmCheck, scene: Scene): string[] {
  const out = marginProblems(f);
  return out.length > 0 ? out : eventProblems(scene, simulate(scene, scene.durationS).events);
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
