import { SACCADE_MIN_DEG } from '../spec/eye-spec.ts';
import { integerIn, numberIn, oneOf, type OptionSpec } from '../options/validators.ts';

/**
 * The detectors' parameters, each declared once with its default, its allowed range and where the
 * value comes from. `eye measure` exposes the published ones (`--lambda`, `--min-duration-ms`,
 * `--micro-max-deg`) so a recording can be measured at another tool's settings.
 */
export interface DetectorParams {
  /** Engbert & Kliegl (2003): elliptic velocity threshold in multiples of the median-based σ. */
  lambda: number;
  /** Engbert & Kliegl (2003): minimum saccade duration, ms, first sample to last (and never under 2 sample intervals). */
  minDurationMs: number;
  /**
   * Engbert & Kliegl's MINDUR as the reference code counts it: a run of this many consecutive samples
   * outside the ellipse is a saccade. `--method ek2003` reads the minimum this way (default 3, the
   * toolbox's); refined reads `minDurationMs` unless `--min-samples` is given, which it takes as
   * (N − 1) sample intervals first to last.
   */
  minSamples: number;
  /** Microsaccade / saccade amplitude split, degrees (eye.md §10: saccades ≥ 0.6°). */
  microMaxDeg: number;
  /**
   * Floor under each axis' σ, expressed as the tracker's position noise (RMS, degrees). Engbert &
   * Kliegl's σ is the noise level of a real recording; a long calm synthetic trace has almost none
   * (drift only), so the median-based σ can shrink towards 0 and λσ would call drift a saccade. The
   * floor is the σ the estimator itself reads on white position noise of this RMS through the
   * 5-sample filter, 0.6745·σ_pos / (3·Δt): the default 0.01° is the EyeLink II's instrument noise,
   * the tracker of the studies that established the method (σ ≈ 0.54°/s at 240 Hz, so λσ ≈ 3.2°/s;
   * 1.1°/s at 500 Hz). 0 turns it off.
   */
  noiseFloorDeg: number;
  /**
   * `--method refined` only. The minimum duration as a time from a run's first sample to its last (n
   * samples last (n − 1)·Δt, and never under 2 intervals): 6 ms is 4 samples at 500 Hz and 7 at 1000 Hz,
   * where the paper and the toolbox count 3 and 6. Off: `minSamples` (MINDUR) samples, as they count
   * (`eye measure --min-duration-ms D` then means ⌈D / Δt⌉ samples, as under ek2003).
   * Why on: tuned on the model's 240 Hz traces, where it also means 3 samples; at 500–1000 Hz it drops
   * real 3–6-sample microsaccades (the human recordings).
   */
  minDurationFirstToLast: boolean;
  /**
   * `--method refined` only. A run must also last `minDurationMs` on the unsmoothed movement (its onset
   * and offset at λ/2 of the sample-to-sample velocity's σ). Why: the 5-point filter spreads a
   * one-sample jolt over 4 intervals, so noise can fill a run while the eye moved for 0–5 ms. Off: the
   * run's length alone decides (as in the paper). On tracker noise at 500–1000 Hz the raw velocity's σ
   * grows with the rate and this rejects most real microsaccades.
   */
  edgeDurationTest: boolean;
  /**
   * `--method refined` only. σ per axis as the paper's eq. 2 writes it, sqrt(median(v²) − median(v)²)
   * (on), or as the reference toolbox computes it, sqrt(median((v − median v)²)) (off). They agree on
   * symmetric noise and part once the median velocity is not 0 (drift: thresholds 12–18 % apart on
   * real 250 Hz trials).
   */
  paperSigma: boolean;
  /**
   * Fixations (both methods): a corrective saccade (`correctiveMaxGapMs`, `correctiveMaxRatio`,
   * `correctiveMinPrimaryDeg`) is merged with its primary into one fixation break (eye.md §10). A merge
   * is never merged again: a primary takes at most one corrective, so a third saccade after it starts a
   * new fixation (chaining once removed 11–16 real fixations per 120 s). Off: every saccade ends a fixation.
   */
  mergeCorrectives: boolean;
  /** A gap between samples longer than this many median sample intervals splits the recording. */
  maxGapIntervals: number;
  /** Blinks: the aperture's open level is the lower of its running maxima over this window before and after. */
  blinkBaselineMs: number;
  /** Blinks: closure (1 − aperture/open level) that makes a dip a blink. Gaze alone moves the lids < 25 %. */
  blinkMinClosure: number;
  /** Blinks: onset and end are where closure crosses this fraction of the blink's depth. */
  blinkEdgeFraction: number;
  /** Blinks: a blink whose depth reaches this closure is whole; shallower ones are partial. */
  blinkWholeClosure: number;
  /** Blinks: a blink starting within this time of the previous blink's end is a double's second. */
  doubleMaxGapMs: number;
  /**
   * Missing data: while a blink's closure exceeds this the lid covers the pupil and the sample is lost,
   * as a tracker loses it (Bell's roll under the lid — up to ~60°/s — is never seen). Outside, the
   * roll the lid's closure brings is measured and taken out (see `bell.ts`), so a half-open lid's
   * samples are good gaze.
   */
  blinkMaskClosure: number;
  /**
   * … and this much further on each side. Trackers pad a pupil loss by 50–100 ms because the lid
   * distorts the pupil image around it; an aperture signal read from the model (or the mask pass) is
   * exact, so the default only covers the sampling interval: a gaze-evoked blink starts as its saccade
   * lands, and a wide pad would hide the saccade's end.
   */
  blinkPadMs: number;
  /** Corrective saccade: follows its primary within this time … */
  correctiveMaxGapMs: number;
  /** … is at most this fraction of the primary's amplitude … */
  correctiveMaxRatio: number;
  /** … and the primary was at least this large (eye.md §1: saccades above 8° undershoot). */
  correctiveMinPrimaryDeg: number;
  /** Salvucci & Goldberg (2000) I-DT: dispersion threshold, (max−min x) + (max−min y), degrees. */
  idtDispersionDeg: number;
  /** Salvucci & Goldberg (2000) I-DT: minimum fixation duration, ms. */
  idtMinDurationMs: number;
}

interface NumberOption {
  kind?: 'number';
  default: number;
  min: number;
  max: number;
  /** Whole numbers only (a count of samples). */
  integer?: boolean;
  /** The command-line flag, for the published parameters that `eye measure` exposes. */
  flag?: string;
  /** Read by `--method refined` only: `eye measure --method ek2003` refuses the flag rather than ignore it. */
  refinedOnly?: boolean;
  doc: string;
}

/** A deviation that is on or off (`--flag on|off` on the command line). */
interface SwitchOption {
  kind: 'switch';
  default: boolean;
  flag?: string;
  refinedOnly?: boolean;
  doc: string;
}

type Option = NumberOption | SwitchOption;
type Options = { [K in keyof DetectorParams]: DetectorParams[K] extends boolean ? SwitchOption : NumberOption };

const SWITCH_VALUES = ['on', 'off'] as const;

/** Every detector option, declared once. */
export const DETECTOR_OPTIONS: Options = {
  lambda: { default: 6, min: 1, max: 50, flag: '--lambda', doc: 'E&K 2003 velocity threshold, multiples of σ' },
  minDurationMs: { default: 6, min: 0, max: 100, flag: '--min-duration-ms', doc: 'E&K 2003 minimum saccade duration, ms, first to last sample (≥ 2 sample intervals); with --method ek2003, ⌈ms ÷ sample interval⌉ samples (3 at 500 Hz for 6 ms, as the paper counts)' },
  minSamples: { default: 3, min: 1, max: 1000, integer: true, flag: '--min-samples', doc: "E&K's MINDUR: minimum saccade run in samples (--method ek2003's minimum; with --method refined, instead of --min-duration-ms)" },
  microMaxDeg: { default: SACCADE_MIN_DEG, min: 0.05, max: 5, flag: '--micro-max-deg', doc: 'microsaccade/saccade amplitude split, degrees' },
  noiseFloorDeg: { refinedOnly: true, default: 0.01, min: 0, max: 1, flag: '--noise-floor-deg', doc: 'refined: σ floor as tracker position noise RMS, degrees (a calm synthetic trace has almost no noise; on a quiet tracker it raises λσ); 0 off' },
  minDurationFirstToLast: { kind: 'switch', refinedOnly: true, default: true, flag: '--min-duration-first-to-last', doc: 'refined: the minimum timed first to last sample, ≥ 2 intervals (4 samples for 6 ms at 500 Hz); off: --min-samples (MINDUR) samples, as the toolbox counts (⌈ms ÷ interval⌉ if --min-duration-ms is given)' },
  edgeDurationTest: { kind: 'switch', refinedOnly: true, default: true, flag: '--edge-duration-test', doc: 'refined: the minimum held again on the unsmoothed movement (onset/offset at λ/2 of its σ), against noise jolts; off: the run alone' },
  paperSigma: { kind: 'switch', refinedOnly: true, default: true, flag: '--paper-sigma', doc: "refined: σ = sqrt(median(v²) − median(v)²), the paper's eq. 2; off: sqrt(median((v − median v)²)), the toolbox's (they part under drift)" },
  mergeCorrectives: { kind: 'switch', default: true, flag: '--merge-correctives', doc: 'a corrective saccade joins its primary in one fixation break, never chained (one corrective per primary); off: every saccade ends a fixation' },
  maxGapIntervals: { default: 2.5, min: 1.1, max: 100, doc: 'sample gap that splits the recording, × median interval' },
  blinkBaselineMs: { default: 1500, min: 100, max: 10_000, doc: 'open-level window, ms' },
  blinkMinClosure: { default: 0.35, min: 0.05, max: 0.95, doc: 'closure that makes a blink' },
  blinkEdgeFraction: { default: 0.05, min: 0.01, max: 0.5, doc: 'blink onset/end, fraction of depth' },
  blinkWholeClosure: { default: 0.95, min: 0.5, max: 1, doc: 'closure of a whole blink' },
  doubleMaxGapMs: { default: 250, min: 0, max: 2000, doc: 'a double: next blink starts within this of the last end, ms' },
  blinkMaskClosure: { default: 0.5, min: 0.01, max: 1, flag: '--blink-mask-closure', doc: 'closure above which a sample is missing (lid over the pupil)' },
  blinkPadMs: { default: 15, min: 0, max: 500, flag: '--blink-pad-ms', doc: 'missing-data padding around a blink, ms' },
  correctiveMaxGapMs: { default: 220, min: 0, max: 1000, doc: 'corrective saccade latency limit, ms' },
  correctiveMaxRatio: { default: 0.25, min: 0, max: 1, doc: 'corrective amplitude limit, fraction of primary' },
  correctiveMinPrimaryDeg: { default: 4, min: 0, max: 90, doc: 'smallest primary that can have a corrective, degrees' },
  idtDispersionDeg: { default: 1, min: 0.05, max: 10, doc: 'S&G 2000 I-DT dispersion threshold, degrees' },
  idtMinDurationMs: { default: 100, min: 10, max: 2000, doc: 'S&G 2000 I-DT minimum fixation, ms' },
};

/**
 * The parameters given a flag above, as option specs for `eye measure` (flag, doc with the range, the
 * default as help shows it, the range as the validator), derived so each number stays written once.
 * No value is filled when a flag is absent: `detectorParams` fills the defaults, and the measurement
 * must know which of --min-samples and --min-duration-ms was given.
 */
export const DETECTOR_FLAG_OPTIONS: Partial<Record<keyof DetectorParams, OptionSpec<number | boolean>>> = Object.fromEntries(
  (Object.entries(DETECTOR_OPTIONS) as [keyof DetectorParams, Option][])
    .filter(([, o]) => o.flag !== undefined)
    .map(([key, o]) => [key, o.kind === 'switch' ? switchSpec(o) : numberSpec(o)]),
);

function numberSpec(o: NumberOption): OptionSpec<number> {
  return { flags: `${o.flag} <n>`, doc: `${o.doc}; ${o.min} to ${o.max}`, defaultText: String(o.default), parse: (o.integer ? integerIn : numberIn)(o.min, o.max) };
}

function switchSpec(o: SwitchOption): OptionSpec<boolean> {
  const parse = oneOf(SWITCH_VALUES);
  return { flags: `${o.flag} <on|off>`, doc: o.doc, defaultText: o.default ? 'on' : 'off', parse: (text) => parse(text) === 'on' };
}

/** A parameter outside its range. The message states the allowed range. */
export class ParamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParamError';
  }
}

export const DEFAULT_PARAMS: DetectorParams = Object.fromEntries(
  Object.entries(DETECTOR_OPTIONS).map(([k, o]) => [k, o.default]),
) as unknown as DetectorParams;

/** The defaults with `over` applied, each value checked against its range. */
export function detectorParams(over: Partial<DetectorParams> = {}): DetectorParams {
  const out = { ...DEFAULT_PARAMS };
  for (const [key, value] of Object.entries(over) as [keyof DetectorParams, unknown][]) {
    if (value === undefined) continue;
    const opt: Option | undefined = DETECTOR_OPTIONS[key];
    if (!opt) throw new ParamError(`unknown detector parameter "${key}"`);
    const name = opt.flag ?? key;
    if (opt.kind === 'switch') {
      if (typeof value !== 'boolean') throw new ParamError(`${name}: expected on or off (${opt.doc}), got ${String(value)}`);
      (out as Record<string, unknown>)[key] = value;
      continue;
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < opt.min || value > opt.max || (opt.integer && !Number.isInteger(value))) {
      throw new ParamError(`${name}: expected ${opt.integer ? 'a whole number' : 'a number'} from ${opt.min} to ${opt.max} (${opt.doc}), got ${String(value)}`);
    }
    (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
