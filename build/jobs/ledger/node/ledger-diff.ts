import type { LedgerEntry } from './ledger.ts';

/** One metric that differs between two runs of the same scene. */
export interface MetricChange {
  metric: string;
  before: number | null;
  after: number | null;
}

/** What changed for one scene between two runs. */
export interface SceneChange {
  scene: string;
  /** `added`/`removed`: the scene ran in only one of the two. */
  status: 'added' | 'removed' | 'both';
  passBefore: boolean | null;
  passAfter: boolean | null;
  metrics: MetricChange[];
}

export interface LedgerDiff {
  before: Pick<LedgerEntry, 'time' | 'revision' | 'command' | 'pass' | 'wallMs'>;
  after: Pick<LedgerEntry, 'time' | 'revision' | 'command' | 'pass' | 'wallMs'>;
  /** Scenes with any change (pass, a metric, presence); unchanged scenes are left out. */
  scenes: SceneChange[];
}

/** Relative tolerance under which two metric values count as equal (float noise, not a change). */
const SAME_RELATIVE = 1e-9;

function same(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= SAME_RELATIVE * Math.max(1, Math.abs(a), Math.abs(b));
}

/** What changed from run `a` to run `b`: per scene, pass/fail and every metric that moved. */
export function diffLedger(a: LedgerEntry, b: LedgerEntry): LedgerDiff {
  const head = (e: LedgerEntry) => ({ time: e.time, revision: e.revision, command: e.command, pass: e.pass, wallMs: e.wallMs });
  const beforeByName = new Map(a.scenes.map((s) => [s.scene, s]));
  const afterByName = new Map(b.scenes.map((s) => [s.scene, s]));
  const names = [...new Set([...beforeByName.keys(), ...afterByName.keys()])];
  const scenes: SceneChange[] = [];
  for (const name of names) {
    const x = beforeByName.get(name);
    const y = afterByName.get(name);
    const metricNames = [...new Set([...Object.keys(x?.metrics ?? {}), ...Object.keys(y?.metrics ?? {})])];
    const metrics: MetricChange[] = [];
    for (const m of metricNames) {
      const before = x?.metrics[m] ?? null;
      const after = y?.metrics[m] ?? null;
      if (!same(before, after)) metrics.push({ metric: m, before, after });
    }
    const status = x && y ? 'both' : x ? 'removed' : 'added';
    const passBefore = x?.pass ?? null;
    const passAfter = y?.pass ?? null;
    if (status !== 'both' || passBefore !== passAfter || metrics.length > 0) {
      scenes.push({ scene: name, status, passBefore, passAfter, metrics });
    }
  }
  return { before: head(a), after: head(b), scenes };
}
