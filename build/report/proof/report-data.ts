import type { Assertion } from '../../measure/caps.ts';
import type { LineFit } from '../../measure/main-sequence.ts';
import type { FixationLaw } from '../../model/tuned/gaze/fixation-duration.ts';
import type { FixationBins } from '../../measure/fixation-bins.ts';

/**
 * Everything proof/index.html shows, gathered by build/jobs/report/node from a proof folder, eye check's
 * outputs and the ledger. Plain data (no Node, no DOM), so the page builders are pure functions of it.
 */
export interface ReportData {
  title: string;
  /** Where the numbers came from, one line each (shown at the top). */
  sources: string[];
  eras: EraReport[];
  ledger: LedgerRun[];
  /** Notes a reader needs (a missing eye check, a scene folder skipped), one line each. */
  notes: string[];
  /** `eye diff`'s verdicts against the baseline (absent: the page says no diff was read). */
  diff?: BaselineDiff;
}

/** One film (one scene folder of the proof). */
export interface EraReport {
  scene: string;
  era: string;
  mode: string;
  preset: string;
  seed: number;
  durationS: number;
  fps: number;
  width: number;
  height: number;
  /** The film, relative to index.html (a file beside it, loaded only when played). */
  filmHref: string;
  /** Stills as data: URIs (inlined, so loading the page requests nothing). */
  stills: Still[];
  sheet: Still | null;
  /** The model's 240 Hz signal, thinned for drawing. */
  signal: SignalSeries;
  saccades: SaccadeMark[];
  blinks: BlinkMark[];
  /** Durations of the fixations the detector closed on both sides, ms. */
  fixationsMs: number[];
  /** The gamma the scene's fixations are drawn from, or null when none is configured (a locked gaze, a tour). */
  fixationLaw: FixationGamma | null;
  /** eye check's long runs of this scene: their detected fixation durations (null where eye check kept none: not an era script scene, or it has not run). */
  longRunFixations: LongRunFixations | null;
  mainSequence: LineFit;
  agreement: Agreement | null;
  /** The calm caps eye check asserted for this scene (empty when eye check has not run on it). */
  caps: Assertion[];
  /** The film's numbers against its era's p10–p90 (the pixel-measured film, from eye render). */
  spread: SpreadRow[];
  /** Everything eye render held the film to. */
  renderAssertions: Assertion[];
}

export interface Still {
  label: string;
  why: string;
  dataUri: string;
}

export interface SignalSeries {
  /** The rate the series was thinned to for drawing, Hz (the detectors read the full 240 Hz). */
  drawnHz: number;
  tS: number[];
  yawDeg: number[];
  pitchDeg: number[];
  apertureMm: number[];
}

export interface SaccadeMark {
  startS: number;
  endS: number;
  amplitudeDeg: number;
  durationMs: number;
  kind: string;
  truncated: boolean;
}

export interface BlinkMark {
  startS: number;
  endS: number;
  partial: boolean;
}

/** The law the scene's fixations are drawn from: a gamma of `law.shape`, clamped, whose clamped draws average `clampedMeanMs`. */
export interface FixationGamma {
  law: FixationLaw;
  clampedMeanMs: number;
}

/** The film measured from its pixels against the model at the film's frames (eye render's pixel proof). */
export interface Agreement {
  frames: { tS: number; modelApertureMm: number; pixelApertureMm: number | null; modelYawDeg: number; pixelYawDeg: number | null }[];
  counts: { what: string; model: number; pixel: number; tolerance: number; pass: boolean }[];
  apertureMaxAbsMm: number;
  apertureCapMm: number;
  pass: boolean;
}

export interface SpreadRow {
  metric: string;
  value: number | null;
  p10: number | null;
  p90: number | null;
  pass: boolean | null;
}

/** One ledger line, reduced to what the history plots read. */
export interface LedgerRun {
  /** 1-based, as `eye ledger` numbers runs. */
  run: number;
  revision: string;
  command: string;
  scenes: { scene: string; metrics: Record<string, number | null> }[];
}

/** A scene's fixations as eye check detected them over its long runs (proof/check/summary.json). */
export interface LongRunFixations {
  bins: FixationBins;
  /** The rate they were detected at, Hz; the runs' seeds and each one's length. */
  hz: number;
  seeds: number;
  minutesPerSeed: number;
}

/**
 * What `eye diff` said (proof/diff/diff.json), as the report shows it: `state` none when it has not run,
 * rejected when its file is not the schema's (`problem` says why; the page shows no verdict from it).
 */
export interface BaselineDiff {
  state: 'none' | 'rejected' | 'read';
  /** The file, as the page names it. */
  file: string;
  problem: string | null;
  against: { kind: 'baseline' | 'rev'; rev: string | null } | null;
  scenes: SceneDiff[];
}

/** One scene's diff, its files resolved for the page: stills inlined, the review clip a link beside the page. */
export interface SceneDiff {
  scene: string;
  verdict: 'unchanged' | 'within' | 'beyond' | 'new' | 'missing';
  approved: boolean;
  why: string | null;
  firstDifferentFrame: number | null;
  events: { added: number; removed: number; moved: number; list: { kind: string; change: string; baselineS: number | null; currentS: number | null; shiftMs: number | null; amplitudeDeg: number | null }[] };
  metrics: { name: string; unit: string; baseline: number; current: number; p10: number | null; p90: number | null; beyond: boolean }[];
  stretches: { startS: number; endS: number; minSsim: number }[];
  /** The review clip relative to index.html (URL-encoded), or null when the diff wrote none for this scene. */
  reviewClipHref: string | null;
  /** The review clip's frame at this scene's first change (baseline | current | difference), inlined: seen without playing. */
  poster: Still | null;
  baselineStills: Still[];
  currentStills: Still[];
  /** Files the diff names that are not on disk (shown, not silently dropped). */
  missingFiles: string[];
}
