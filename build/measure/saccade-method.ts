/**
 * How saccades are found. `ek2003`: the published algorithm as the reference R code runs it
 * (ek2003.ts, held to Engbert's toolbox onset for onset), for recordings that must be compared with
 * other labs' numbers. `refined`: the project's detector (engbert-kliegl.ts: E&K's ellipse with its
 * onset at λ/2 on the unsmoothed movement, the minimum duration first to last, a σ floor; each a switch
 * in params.ts), tuned on the model's own traces.
 */
export const SACCADE_METHODS = ['refined', 'ek2003'] as const;
export type SaccadeMethod = (typeof SACCADE_METHODS)[number];

/**
 * `eye measure`'s default: a researcher's recording is measured as the reference toolbox measures it.
 * On the synthetic bench (`npx tsx build/tools/bench-synthetic.ts`) refined at its defaults loses most
 * microsaccades at 500–1000 Hz on tracker noise, where ek2003 finds them.
 */
export const DEFAULT_SACCADE_METHOD: SaccadeMethod = 'ek2003';

/**
 * The method `eye check`, `eye render`'s pixel proof, `eye report` and `eye compare` run on the model's
 * own traces, chosen on its own so that `eye measure`'s default never moves the calm caps: refined was
 * tuned on those traces (near-noiseless 240 Hz signals, where ek2003's σ shrinks to the drift's and
 * λσ calls drift a saccade) and the check's assertions were set against it.
 */
export const MODEL_TRACE_METHOD: SaccadeMethod = 'refined';