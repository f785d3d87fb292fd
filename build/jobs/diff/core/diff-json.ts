import type { EventChange } from './match-events.ts';

/** Per scene, one word: unchanged (the same frames), within tolerance, beyond it; or only on one side. */
export type Verdict = 'unchanged' | 'within' | 'beyond' | 'new' | 'missing';

export interface MetricChange {
  name: string;
  unit: string;
  baseline: number;
  current: number;
  p10: number | null;
  p90: number | null;
  beyond: boolean;
}

export interface SceneDiff {
  scene: string;
  verdict: Verdict;
  /** The baseline file already holds this scene's current frames, with a reason. */
  approved: boolean;
  why: string | null;
  firstDifferentFrame: number | null;
  events: { added: number; removed: number; moved: number; list: EventChange[] };
  metrics: MetricChange[];
  stretches: { startS: number; endS: number; minSsim: number }[];
  /** Relative to the proof folder. */
  reviewClip: string | null;
  /** The clip's frame at this scene's first changed frame (baseline | current | difference, labelled), a WebP relative to the proof folder: seen without playing the clip. */
  reviewPoster: string | null;
  baselineStills: string[];
  currentStills: string[];
  /** The lowest per-frame SSIM against the baseline's film (null: not compared). */
  minSsim: number | null;
  /** The largest local change of any frame, 8-bit luma levels after tolerances.ts' blur (null: not compared). */
  maxLocalDifference: number | null;
  /** What else a reviewer should know (settings changed, the baseline's film not found, …). */
  notes: string[];
}

/** proof/diff/diff.json, read by the report. */
export interface DiffResult {
  schema: 'eye-diff/1';
  against: { kind: 'baseline' | 'rev'; rev: string | null };
  scenes: SceneDiff[];
}

/** A scene the run must fail on: a change beyond tolerance, or a scene only on one side, that no baseline approves. */
export const needsApproval = (s: Pick<SceneDiff, 'verdict' | 'approved'>): boolean => (s.verdict === 'beyond' || s.verdict === 'new' || s.verdict === 'missing') && !s.approved;
