import type { DetectorParams } from './params.ts';

export interface DetectedBlink {
  /** Onset and end: where closure crosses `blinkEdgeFraction` of this blink's depth, interpolated. */
  startMs: number;
  endMs: number;
  /** Onset → first reaching 95 % of the depth. */
  closingMs: number;
  /** Time at or above 95 % of the depth. */
  holdMs: number;
  /** Last at 95 % of the depth → 90 % reopened (eye.md §4: the last tenth creeps on for 0.4 s, not counted). */
  openingMs: number;
  /** Deepest closure, 1 − aperture / open level (1 = shut). */
  depth: number;
  partial: boolean;
  /** Starts within `doubleMaxGapMs` of the previous blink's 90 %-reopened time: the second of a double. */
  doubleSecond: boolean;
  openApertureMm: number;
  minApertureMm: number;
  startIndex: number;
  endIndex: number;
  /** When the lid had opened nine tenths of the way (the end of the main opening). */
  reopenedMs: number;
  /** The deepest sample. */
  peakIndex: number;
  /**
   * The whole lid movement, inclusive: from just before onset out to where closure stops falling (the
   * creep's tail included), at most SPAN_LEAD_MS before onset and SPAN_TAIL_MS after reopening — the
   * open level is a window estimate, and a lid riding with the gaze can leave a small closure
   * offset on either side that belongs to the gaze, not the blink.
   */
  spanStartIndex: number;
  spanEndIndex: number;
}

/** Closure under which the lid counts as back at rest (the end of a blink's whole movement). */
const AT_REST_CLOSURE = 0.001;
/** A blink's movement starts at most this long before its onset (a first-pass onset can sit well into the closing). */
const SPAN_LEAD_MS = 100;
/** … and ends at most this long after it has reopened nine tenths (eye.md §4: the last tenth creeps 0.4 s). */
const SPAN_TAIL_MS = 500;

/** Fraction of depth that counts as shut (for closing and hold). */
const SHUT_FRACTION = 0.95;
/** Fraction of depth left when the opening is counted done (90 % reopened). */
const REOPENED_FRACTION = 0.1;
/** Closure wiggle tolerated while walking out from a blink to its edges (noise, not a new dip). */
const WALK_TOLERANCE = 0.02;

/**
 * Blinks from the aperture signal alone, in two passes.
 *
 * 1. A first open level at each sample is the lower of the aperture's running maxima over
 *    `blinkBaselineMs` before and after it, so a change of gaze that lowers the lids for good
 *    (down-gaze) moves the open level with it instead of reading as a blink; a blink is a dip below
 *    both sides. Closure = 1 − aperture / open level; a dip reaching `blinkMinClosure` is a blink, its
 *    edges where closure stops falling, so two blinks of a double split at the valley between them
 *    even when the lid never fully reopens there.
 * 2. That window estimate is wrong at a blink's edge when the gaze moves during the blink (the eye
 *    looks down after it: the next window's maximum is the lower, later level). So each lid movement
 *    (a blink, or a double's touching pair) gets its own open level: the aperture where it starts
 *    before its deep half and where it ends after it (the gaze moves, if at all, while the lid is
 *    deep), and the blinks are measured again on that closure.
 */
export function detectBlinks(tMs: Float64Array, apertureMm: Float64Array, params: DetectorParams): { blinks: DetectedBlink[]; closure: Float64Array } {
  const n = tMs.length;
  const open = openLevel(tMs, apertureMm, params.blinkBaselineMs);
  const closure = new Float64Array(n);
  for (let i = 0; i < n; i++) closure[i] = closureOf(apertureMm[i], open[i]);
  const first = findBlinks(tMs, apertureMm, open, closure, params);
  for (const ep of episodes(tMs, apertureMm, closure, first)) {
    // The deep half: from the first to the last sample at half the depth or more.
    let d0 = ep.start;
    while (d0 < ep.end && !(closure[d0] >= 0.5 * ep.depth)) d0++;
    let d1 = ep.end;
    while (d1 > d0 && !(closure[d1] >= 0.5 * ep.depth)) d1--;
    // A lid still moving when the recording starts or ends (a window cut mid-blink, a film's last
    // frames) shows no open level on that side: its edge sample is part of the blink, and taking it
    // as open would read a half-shut lid as open and the roll under it as gaze. The other side's
    // level stands in for it.
    const n1 = tMs.length - 1;
    const pre = ep.start === 0 && ep.end < n1 ? apertureMm[ep.end] : apertureMm[ep.start];
    const post = ep.end === n1 && ep.start > 0 ? apertureMm[ep.start] : apertureMm[ep.end];
    for (let i = ep.start; i <= ep.end; i++) {
      open[i] = i <= d0 ? pre : i >= d1 ? post : pre + ((post - pre) * (tMs[i] - tMs[d0])) / (tMs[d1] - tMs[d0]);
      closure[i] = closureOf(apertureMm[i], open[i]);
    }
  }
  return { blinks: findBlinks(tMs, apertureMm, open, closure, params), closure };
}

function closureOf(apertureMm: number, openMm: number): number {
  return Number.isNaN(apertureMm) || !(openMm > 0) ? NaN : Math.min(1, Math.max(0, 1 - apertureMm / openMm));
}

/**
 * Lid movements, on the aperture itself (the first pass's edges inherit its open-level errors): from
 * each blink's deepest sample, walk back and on while the aperture keeps rising, within a noise
 * tolerance, to where it stops (the open lid before the closing, after the creep). Where one blink's
 * rise ends within TOUCH_MS of where the next one's closing starts, the lid never rested between
 * them (a double's second starts while the first creeps open): they are one movement, with the
 * deepest closure among them.
 */
function episodes(tMs: Float64Array, ap: Float64Array, closure: Float64Array, blinks: readonly DetectedBlink[]): { start: number; end: number; depth: number }[] {
  const out: { start: number; end: number; depth: number }[] = [];
  for (const b of blinks) {
    const peakMs = tMs[b.peakIndex];
    const deep = (i: number) => closure[i] > STILL_SHUT * b.depth;
    const start = mostOpen(ap, b.peakIndex, -1, (i) => tMs[i] >= peakMs - REACH_BEFORE_PEAK_MS, deep);
    const end = mostOpen(ap, b.peakIndex, 1, (i) => tMs[i] <= peakMs + REACH_AFTER_PEAK_MS, deep);
    const last = out[out.length - 1];
    if (last && tMs[start] - tMs[last.end] <= TOUCH_MS) {
      last.end = end;
      last.depth = Math.max(last.depth, b.depth);
    } else out.push({ start, end, depth: b.depth });
  }
  return out;
}

/** How far from the deepest sample a movement may reach: a closing (70 ms, slower when partial) … */
const REACH_BEFORE_PEAK_MS = 400;
/** … and hold, opening and creep (40 + 190 + 400 ms, eye.md §4), with room. */
const REACH_AFTER_PEAK_MS = 1000;
/** Closure above this fraction of a blink's depth (first pass) is still the blink, whatever the aperture does. */
const STILL_SHUT = 0.2;
/** Between two blinks the closure must fall below this fraction of the shallower one's depth. */
const MIN_REOPENING = 0.5;
/** Two blinks this close (end of one's rise to start of the next's closing) are one lid movement. */
const TOUCH_MS = 40;
/** Aperture noise tolerated while walking up to the open level, as a fraction of the aperture, and at least this in mm (a shut lid reads ~0). */
const OPEN_WALK_TOLERANCE = 0.002;
const OPEN_WALK_TOLERANCE_MM = 0.005;

/**
 * From `from`, walk in direction `dir` while the aperture keeps rising (within tolerance, and
 * whatever it does while the lid is still `deep`) and `within` holds; return the first sample that comes within half the tolerance of the most open one
 * — the end of the rise, not some wiggle far out on the open plateau beyond it.
 */
function mostOpen(ap: Float64Array, from: number, dir: 1 | -1, within: (i: number) => boolean, deep: (i: number) => boolean): number {
  let best = from;
  let last = from;
  for (let i = from + dir; i >= 0 && i < ap.length && within(i); i += dir) {
    if (Number.isNaN(ap[i])) break;
    // While the lid is still deep, a dip is the gaze moving the lid under the blink, not the end of it;
    // and a one-sample dip the next sample climbs back from is the reading's noise (a film's opening,
    // read off the mask's sub-pixel edges, wavers by a few hundredths of a mm in a slow creep).
    const tolerance = Math.max(OPEN_WALK_TOLERANCE * ap[best], OPEN_WALK_TOLERANCE_MM);
    const below = (k: number) => ap[k] < ap[best] - tolerance;
    const next = i + dir;
    const recovers = next >= 0 && next < ap.length && within(next) && !Number.isNaN(ap[next]) && !below(next);
    if (!deep(i) && below(i) && !recovers) break;
    if (ap[i] > ap[best]) best = i;
    last = i;
  }
  for (let i = from; i !== last + dir; i += dir) if (ap[i] >= ap[best] * (1 - OPEN_WALK_TOLERANCE / 2)) return i;
  return best;
}

function findBlinks(tMs: Float64Array, apertureMm: Float64Array, open: Float64Array, closure: Float64Array, params: DetectorParams): DetectedBlink[] {
  const n = tMs.length;
  const runs: { start: number; end: number; peak: number }[] = [];
  let i = 0;
  while (i < n) {
    if (!(closure[i] >= params.blinkMinClosure)) {
      i++;
      continue;
    }
    let j = i;
    let peak = closure[i];
    while (j + 1 < n && closure[j + 1] >= params.blinkMinClosure) peak = Math.max(peak, closure[++j]);
    // The lid must reopen at least halfway between two blinks (a double's second starts when the first
    // is nine tenths open). A dip that does not — a saccade during a partial blink moves the open level
    // under it — is the same blink.
    const last = runs[runs.length - 1];
    if (last) {
      let valley = Infinity;
      for (let k = last.end + 1; k < i; k++) if (closure[k] < valley) valley = closure[k];
      if (valley > MIN_REOPENING * Math.min(last.peak, peak)) {
        last.end = j;
        last.peak = Math.max(last.peak, peak);
        i = j + 1;
        continue;
      }
    }
    runs.push({ start: i, end: j, peak });
    i = j + 1;
  }
  const blinks = runs.map((r) => describe(tMs, apertureMm, open, closure, r.start, r.end, params));
  for (let k = 1; k < blinks.length; k++) {
    const prev = blinks[k - 1];
    // Two blinks' whole movements meet at the valley between them; never let them overlap.
    blinks[k].spanStartIndex = Math.max(blinks[k].spanStartIndex, prev.spanEndIndex + 1);
    blinks[k].doubleSecond = blinks[k].startMs - prev.reopenedMs <= params.doubleMaxGapMs;
  }
  return blinks;
}

function describe(
  tMs: Float64Array,
  ap: Float64Array,
  open: Float64Array,
  c: Float64Array,
  runStart: number,
  runEnd: number,
  params: DetectorParams,
): DetectedBlink {
  const n = tMs.length;
  let p = runStart;
  for (let k = runStart; k <= runEnd; k++) if (c[k] > c[p]) p = k;
  const depth = c[p];
  const edge = params.blinkEdgeFraction * depth;
  // Walk out from the run while closure keeps falling (within a small tolerance) and stays above the edge.
  const a = walkOut(c, runStart, -1, edge);
  const b = walkOut(c, runEnd, 1, edge);
  const startMs = crossing(tMs, c, a, a - 1, edge);
  const endMs = crossing(tMs, c, b, b + 1, edge);
  const shut = SHUT_FRACTION * depth;
  let s0 = p;
  while (s0 - 1 >= a && c[s0 - 1] >= shut) s0--;
  let s1 = p;
  while (s1 + 1 <= b && c[s1 + 1] >= shut) s1++;
  const shutStartMs = crossing(tMs, c, s0, s0 - 1, shut);
  const shutEndMs = crossing(tMs, c, s1, s1 + 1, shut);
  const reopen = REOPENED_FRACTION * depth;
  let r = s1;
  while (r + 1 <= b && c[r + 1] > reopen) r++;
  const reopenedMs = crossing(tMs, c, r, r + 1, reopen);
  // One sample past the walk: the first at rest (or the valley's far side), so the span's ends sit at rest.
  let s0span = Math.max(0, walkOut(c, a, -1, AT_REST_CLOSURE) - 1);
  while (s0span < a && tMs[s0span] < startMs - SPAN_LEAD_MS) s0span++;
  let s1span = Math.min(n - 1, walkOut(c, b, 1, AT_REST_CLOSURE) + 1);
  while (s1span > b && tMs[s1span] > reopenedMs + SPAN_TAIL_MS) s1span--;
  return {
    startMs,
    endMs,
    closingMs: shutStartMs - startMs,
    holdMs: shutEndMs - shutStartMs,
    openingMs: reopenedMs - shutEndMs,
    depth,
    partial: depth < params.blinkWholeClosure,
    doubleSecond: false,
    openApertureMm: open[p],
    minApertureMm: ap[p],
    startIndex: a,
    endIndex: b,
    reopenedMs,
    peakIndex: p,
    spanStartIndex: s0span,
    spanEndIndex: s1span,
  };
}

/**
 * From `from`, step in direction `dir` while closure stays above `floor` and keeps falling: never more
 * than WALK_TOLERANCE above the lowest closure met so far (noise may wiggle, a rise means the next dip).
 */
function walkOut(c: Float64Array, from: number, dir: 1 | -1, floor: number): number {
  let i = from;
  let lowest = c[from];
  while (i + dir >= 0 && i + dir < c.length) {
    const next = c[i + dir];
    if (!(next > floor) || next > lowest + WALK_TOLERANCE) break;
    lowest = Math.min(lowest, next);
    i += dir;
  }
  return i;
}

/** Time where closure crosses `level` between sample `inside` (above) and `outside` (below), interpolated. */
function crossing(tMs: Float64Array, c: Float64Array, inside: number, outside: number, level: number): number {
  if (outside < 0 || outside >= tMs.length || Number.isNaN(c[outside]) || c[outside] >= level) return tMs[inside];
  const f = (c[inside] - level) / (c[inside] - c[outside]);
  return tMs[inside] + f * (tMs[outside] - tMs[inside]);
}

/**
 * min(running max over the past window, running max over the next window), NaN samples skipped. A
 * window the recording's start or end cuts short is left out while the other is whole: in a recording
 * that starts (or ends) inside a blink it holds only the blink, and the min would take the half-shut
 * lid for the open level and miss the blink.
 */
function openLevel(tMs: Float64Array, ap: Float64Array, windowMs: number): Float64Array {
  const n = tMs.length;
  const out = runningMax(tMs, ap, windowMs, 1);
  const next = runningMax(tMs, ap, windowMs, -1);
  for (let i = 0; i < n; i++) {
    const pastCut = tMs[i] - tMs[0] < windowMs;
    const nextCut = tMs[n - 1] - tMs[i] < windowMs;
    if (pastCut && !nextCut) out[i] = next[i];
    else if (next[i] < out[i] && !(nextCut && !pastCut)) out[i] = next[i];
  }
  return out;
}

/** Sliding-window maximum over [t − w, t] (dir 1) or [t, t + w] (dir −1), a monotonic deque, O(n). */
function runningMax(tMs: Float64Array, v: Float64Array, w: number, dir: 1 | -1): Float64Array {
  const n = tMs.length;
  const out = new Float64Array(n).fill(NaN);
  const dq = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let s = 0; s < n; s++) {
    const i = dir === 1 ? s : n - 1 - s;
    if (!Number.isNaN(v[i])) {
      while (tail > head && v[dq[tail - 1]] <= v[i]) tail--;
      dq[tail++] = i;
    }
    while (tail > head && Math.abs(tMs[i] - tMs[dq[head]]) > w) head++;
    if (tail > head) out[i] = v[dq[head]];
  }
  return out;
}
