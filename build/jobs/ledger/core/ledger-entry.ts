/** The ledger's line, as `eye ledger`, `eye report` and `eye compare` read it (written by build/jobs/ledger/node/ledger.ts). */

/** The commands that write a ledger line. */
export type LedgerCommand = 'check' | 'render';

/** One scene's outcome in a run. */
export interface LedgerSceneResult {
  /** The scene's name (file name without .json). */
  scene: string;
  pass: boolean;
  /** Metric name → measured value, units in the names (e.g. `meanFixationMs`). null: not measurable. */
  metrics: Record<string, number | null>;
  /** Names of the assertions that failed (empty when `pass`). */
  failed: string[];
  /** Restored from cache/ rather than rendered by this run (its metrics are the original render's). */
  cached?: boolean;
  /**
   * A film rendered in chunks (not restored whole): how many of its chunks were restored from their own
   * cache entries and how many rendered (its timings sum both: a restored chunk's are its original render's).
   */
  chunks?: { restored: number; rendered: number };
  /** What the scene was rendered at (a render line; absent in lines written before it was kept). */
  settings?: LedgerSettings;
}

/** A rendered scene's settings, as the scene file names them: what makes two renders of a scene the same film. */
export interface LedgerSettings {
  width: number;
  height: number;
  fps: number;
  durationS: number;
  seed: number;
}

/**
 * A render line's metric measured from the film's own pixels by filmMetrics (film-metrics.ts) is kept
 * as `pixel.<name>`; eye compare reads its labels' numbers back under the same names.
 */
export const PIXEL_METRIC_PREFIX = 'pixel.';

/** One ledger line. */
export interface LedgerEntry {
  /** When the run finished, ISO 8601 UTC. */
  time: string;
  /** `git rev-parse HEAD` of the checkout, or `unknown` outside git. */
  revision: string;
  /** True when the working tree had uncommitted changes (the revision alone does not describe the code). */
  dirty: boolean;
  command: LedgerCommand;
  /** The command's arguments as typed (after the command name). */
  argv: string[];
  scenes: LedgerSceneResult[];
  /** Every scene passed. */
  pass: boolean;
  /** Wall time of the whole run, ms. */
  wallMs: number;
  /** A merged sharded run (`eye merge`): each shard's own run; wallMs is then the slowest shard's. */
  shards?: { shard: string; revision: string; time: string; wallMs: number; argv: string[] }[];
}
