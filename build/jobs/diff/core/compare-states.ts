import type { MetricChange } from './diff-json.ts';
import { matchEvents, type EventChange } from './match-events.ts';
import type { SceneSettings, SceneState } from './scene-state.ts';
import { LOCAL_DIFFERENCE, metricAllowance, SSIM_FLOOR } from './tolerances.ts';

/** What differs between a scene's baseline and its current state, before any picture is compared. */
export interface StateComparison {
  /** Every frame's hash and the digest over them are the baseline's. */
  sameFrames: boolean;
  /** The settings that differ, as "fps 30 → 60" (a different film, not a changed one: never within tolerance). */
  settingsChanged: string[];
  firstDifferentFrame: number | null;
  events: EventChange[];
  metrics: MetricChange[];
}

const SETTING_KEYS: readonly (keyof SceneSettings)[] = ['width', 'height', 'fps', 'durationS', 'seed', 'frames'];

/** The first frame whose hash differs, or where one film ends before the other (null: none). */
export function firstDifferentFrame(a: readonly string[], b: readonly string[]): number | null {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? null : n;
}

/** Baseline against current: frames, settings, events matched, each metric against its allowance. */
export function compareStates(base: SceneState, cur: SceneState): StateComparison {
  const settingsChanged = SETTING_KEYS.filter((k) => base.settings[k] !== cur.settings[k]).map((k) => `${k} ${base.settings[k]} → ${cur.settings[k]}`);
  const first = firstDifferentFrame(base.film.frames, cur.film.frames);
  const sameFrames = settingsChanged.length === 0 && first === null && base.film.digest === cur.film.digest;
  if (sameFrames) return { sameFrames, settingsChanged, firstDifferentFrame: null, events: [], metrics: [] };
  const metrics: MetricChange[] = [];
  for (const b of base.metrics) {
    const c = cur.metrics.find((m) => m.name === b.name);
    if (!c || b.value === null || c.value === null) continue;
    // The era's spread as approved (the baseline's; the current film's when the baseline has none): a
    // change to the era's own model moves its spread too, and must not widen the allowance it is held to.
    const p10 = b.p10 ?? c.p10;
    const p90 = b.p90 ?? c.p90;
    const beyond = Math.abs(c.value - b.value) > metricAllowance(b.name, b.value, p10, p90) + 1e-9 * Math.max(1, Math.abs(b.value));
    metrics.push({ name: b.name, unit: b.unit, baseline: b.value, current: c.value, p10, p90, beyond });
  }
  return { sameFrames, settingsChanged, firstDifferentFrame: first ?? 0, events: matchEvents(base.events, cur.events, cur.settings.fps), metrics };
}

/**
 * The scene's verdict. Unchanged: the same frames. Beyond: other settings, any event added, removed or
 * moved, any metric past its allowance, any frame under the SSIM floor or with a local change past
 * LOCAL_DIFFERENCE, or frames that differ with no picture to compare them by (a change that cannot be
 * shown is not waved through). Within: the frames differ, but by less than a re-encode or a capture's
 * rounding does, and the eye did the same things.
 */
export function verdictOf(c: StateComparison, minSsim: number | null, maxLocalLevels: number | null = null): 'unchanged' | 'within' | 'beyond' {
  if (c.sameFrames) return 'unchanged';
  if (c.settingsChanged.length > 0 || c.events.length > 0 || c.metrics.some((m) => m.beyond)) return 'beyond';
  if (minSsim === null || minSsim < SSIM_FLOOR) return 'beyond';
  if (maxLocalLevels !== null && maxLocalLevels > LOCAL_DIFFERENCE.levels) return 'beyond';
  return 'within';
}
