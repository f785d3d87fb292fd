import { PIXEL_METRIC_PREFIX, type LedgerEntry, type LedgerSettings } from '../../ledger/core/ledger-entry.ts';
import { frameCount } from '../../../model/time/clock.ts';
import { formatValue } from '../../../report/table.ts';
import { LABEL_METRICS, type LabelMetric, type PanelNumbers } from './panel-numbers.ts';

/** A compare panel as the ledger would know it: its scene at one revision, rendered at these settings. */
export interface PanelLedgerQuery {
  scene: string;
  /** The full commit hash the panel's code was at. */
  revision: string;
  /** The panel was rendered from a tree with uncommitted changes (only a line that says the same can match). */
  dirty: boolean;
  settings: LedgerSettings;
  numbers: PanelNumbers;
}

/** One label number beside the ledger's. */
export interface LedgerMetricCheck {
  metric: LabelMetric;
  label: number | null;
  ledger: number | null;
  agree: boolean;
}

/** What the ledger holds for a panel, and whether its label agrees. */
export interface LedgerCheck {
  /** The newest render line at the panel's revision holding its scene at its settings; null: none does. */
  line: { time: string; revision: string; dirty: boolean; cached: boolean } | null;
  metrics: LedgerMetricCheck[];
  /** true: every label number is the line's; false: one differs; null: no line, nothing was checked. */
  agree: boolean | null;
  /** One line in words, for stderr. */
  says: string;
}

/**
 * Hold a panel's label numbers against the ledger: the newest `render` line (the last appended) at the
 * panel's revision, as clean or dirty as the panel's tree, whose scene result names the panel's scene
 * at the same size, length (in frames), frame rate and seed, and that kept the pixel numbers the label
 * shows (`pixel.<name>`, both from filmMetrics). Equal means equal to a part in 10⁹ (the same pixels
 * measured by the same function give the same double). No such line is said plainly, never a pass.
 */
export function ledgerCheck(q: PanelLedgerQuery, entries: readonly LedgerEntry[]): LedgerCheck {
  const at = `${q.revision.slice(0, 7)}${q.dirty ? ' (uncommitted changes)' : ''}`;
  const s = q.settings;
  const what = `${q.scene} at ${s.width}x${s.height}, ${s.durationS} s, ${s.fps} fps, seed ${s.seed}`;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (e.command !== 'render' || e.revision !== q.revision || e.dirty !== q.dirty) continue;
    const r = e.scenes.find((x) => x.scene === q.scene && x.settings !== undefined && sameSettings(x.settings, s) && LABEL_METRICS.every((m) => Object.hasOwn(x.metrics, PIXEL_METRIC_PREFIX + m)));
    if (!r) continue;
    const metrics = LABEL_METRICS.map((metric) => {
      const label = q.numbers[metric];
      const ledger = r.metrics[PIXEL_METRIC_PREFIX + metric];
      return { metric, label, ledger, agree: same(label, ledger) };
    });
    const agree = metrics.every((m) => m.agree);
    const line = { time: e.time, revision: e.revision, dirty: e.dirty, cached: r.cached === true };
    const holds = metrics.map((m) => `${m.metric} ${formatValue(m.ledger)}`).join(', ');
    const from = `its line of ${e.time} at ${at}${line.cached ? ' (restored from cache)' : ''}`;
    const says = agree
      ? `ledger holds ${holds}: the label agrees with ${from}`
      : `ledger holds ${holds}: the label DIFFERS from ${from}: ${metrics
          .filter((m) => !m.agree)
          .map((m) => `${m.metric} label ${precise(m.label)} ≠ ledger ${precise(m.ledger)}`)
          .join(', ')}`;
    return { line, metrics, agree, says };
  }
  return { line: null, metrics: [], agree: null, says: `ledger: no render line at ${at} holds ${what} with its pixel numbers: the label is not checked` };
}

function sameSettings(a: LedgerSettings, b: LedgerSettings): boolean {
  return a.width === b.width && a.height === b.height && a.fps === b.fps && a.seed === b.seed && frameCount(a.durationS, a.fps) === frameCount(b.durationS, b.fps);
}

function same(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

function precise(v: number | null): string {
  return v === null ? '—' : String(Number(v.toPrecision(6)));
}
