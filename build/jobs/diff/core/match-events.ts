import type { StateEvent } from './scene-state.ts';
import { EVENT_AMPLITUDE_TOLERANCE, EVENT_KINDS, EVENT_MATCH_WINDOW_MS, EVENT_MOVED_FRAMES } from './tolerances.ts';

/** One event that is not where the baseline had it. */
export interface EventChange {
  kind: StateEvent['kind'];
  change: 'added' | 'removed' | 'moved';
  baselineS: number | null;
  currentS: number | null;
  /** current − baseline onset, ms (moved only). */
  shiftMs: number | null;
  /** The current event's amplitude (the baseline's for a removed one); null for a blink. */
  amplitudeDeg: number | null;
  /** The baseline's amplitude, for a moved saccade whose size changed. */
  baselineAmplitudeDeg: number | null;
}

const msBetween = (a: StateEvent, b: StateEvent) => (b.startS - a.startS) * 1000;

function amplitudeChanged(a: StateEvent, b: StateEvent): boolean {
  if (a.amplitudeDeg === null || b.amplitudeDeg === null) return false;
  const allowed = Math.max(EVENT_AMPLITUDE_TOLERANCE.deg, EVENT_AMPLITUDE_TOLERANCE.fraction * Math.abs(a.amplitudeDeg));
  return Math.abs(b.amplitudeDeg - a.amplitudeDeg) > allowed + 1e-9;
}

/**
 * Baseline and current events paired by kind and nearest onset within the kind's window
 * (EVENT_MATCH_WINDOW_MS): the closest pair of all is taken first, then the next closest among the
 * rest, so two nearby events never both claim one partner. A pair whose onset shifted by at least
 * EVENT_MOVED_FRAMES film frames, or whose amplitude changed past EVENT_AMPLITUDE_TOLERANCE, moved;
 * an event left without a partner was removed (baseline) or added (current). In time order.
 */
export function matchEvents(baseline: readonly StateEvent[], current: readonly StateEvent[], fps: number): EventChange[] {
  const movedMs = (EVENT_MOVED_FRAMES * 1000) / fps;
  const out: EventChange[] = [];
  for (const kind of EVENT_KINDS) {
    const a = baseline.filter((e) => e.kind === kind);
    const b = current.filter((e) => e.kind === kind);
    const window = EVENT_MATCH_WINDOW_MS[kind];
    const pairs: { i: number; j: number; d: number }[] = [];
    // Both lists are in time order: for each baseline event only the current ones inside its window.
    let lo = 0;
    for (let i = 0; i < a.length; i++) {
      while (lo < b.length && msBetween(a[i], b[lo]) < -window) lo++;
      for (let j = lo; j < b.length && msBetween(a[i], b[j]) <= window; j++) pairs.push({ i, j, d: Math.abs(msBetween(a[i], b[j])) });
    }
    pairs.sort((x, y) => x.d - y.d || x.i - y.i || x.j - y.j);
    const takenA = new Set<number>();
    const takenB = new Set<number>();
    for (const p of pairs) {
      if (takenA.has(p.i) || takenB.has(p.j)) continue;
      takenA.add(p.i);
      takenB.add(p.j);
      const [x, y] = [a[p.i], b[p.j]];
      const shiftMs = msBetween(x, y);
      if (Math.abs(shiftMs) >= movedMs - 1e-9 || amplitudeChanged(x, y)) {
        out.push({ kind, change: 'moved', baselineS: x.startS, currentS: y.startS, shiftMs: Math.round(shiftMs * 10) / 10, amplitudeDeg: y.amplitudeDeg, baselineAmplitudeDeg: x.amplitudeDeg });
      }
    }
    a.forEach((x, i) => takenA.has(i) || out.push({ kind, change: 'removed', baselineS: x.startS, currentS: null, shiftMs: null, amplitudeDeg: x.amplitudeDeg, baselineAmplitudeDeg: x.amplitudeDeg }));
    b.forEach((y, j) => takenB.has(j) || out.push({ kind, change: 'added', baselineS: null, currentS: y.startS, shiftMs: null, amplitudeDeg: y.amplitudeDeg, baselineAmplitudeDeg: null }));
  }
  return out.sort((x, y) => (x.baselineS ?? x.currentS ?? 0) - (y.baselineS ?? y.currentS ?? 0) || x.kind.localeCompare(y.kind));
}
