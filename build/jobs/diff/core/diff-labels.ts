import { safeText } from '../../../errors/safe-text.ts';
import type { SceneDiff } from './diff-json.ts';
import type { EventChange } from './match-events.ts';

const fmt = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2));

/** One event change in words: "blink moved +80 ms at 2.31 s", "saccade 4.2° added at 1.05 s". */
export function eventWords(e: EventChange): string {
  const size = e.amplitudeDeg !== null ? ` ${fmt(e.amplitudeDeg)}°` : '';
  if (e.change === 'moved') {
    const resized = e.baselineAmplitudeDeg !== null && e.amplitudeDeg !== null && Math.abs(e.amplitudeDeg - e.baselineAmplitudeDeg) > 1e-9 ? ` ${fmt(e.baselineAmplitudeDeg)}° → ${fmt(e.amplitudeDeg)}°` : '';
    return `${e.kind}${resized} moved ${e.shiftMs! >= 0 ? '+' : ''}${fmt(e.shiftMs!)} ms at ${e.baselineS!.toFixed(2)} s`;
  }
  return `${e.kind}${size} ${e.change} at ${(e.currentS ?? e.baselineS ?? 0).toFixed(2)} s`;
}

/**
 * What the review clip's panels say of a scene (a few short lines, the numbers that changed): its
 * verdict and events, then the metrics beyond their allowance, first.
 */
export function diffLabels(d: SceneDiff, max = 4): string[] {
  const { added, removed, moved } = d.events;
  const local = d.maxLocalDifference === null ? '' : `; local change ≤ ${d.maxLocalDifference.toFixed(0)}/255`;
  const head = `${safeText(d.scene)}: ${d.verdict}${d.approved ? ' (approved)' : ''}; events +${added} −${removed} moved ${moved}${local}`;
  const metrics = [...d.metrics]
    .sort((a, b) => Number(b.beyond) - Number(a.beyond))
    .filter((m) => m.baseline !== m.current)
    .map((m) => `${m.name} ${fmt(m.baseline)} → ${fmt(m.current)} ${m.unit}${m.beyond ? ' (beyond)' : ''}`);
  return [head, ...d.events.list.slice(0, 2).map(eventWords), ...metrics].slice(0, max);
}

/** The command's table: a line per scene, then the changes of each changed one. Every name escaped. */
export function diffLines(scenes: readonly SceneDiff[]): string {
  const out: string[] = [];
  for (const d of scenes) {
    const ssim = d.minSsim === null ? '' : `, min SSIM ${d.minSsim.toFixed(4)}${d.maxLocalDifference === null ? '' : `, largest local change ${d.maxLocalDifference.toFixed(0)}/255`}`;
    const first = d.firstDifferentFrame === null ? '' : `, first different frame ${d.firstDifferentFrame}`;
    const why = d.approved && d.why ? `, approved: "${safeText(d.why)}"` : '';
    out.push(`${safeText(d.scene)}: ${d.verdict}${first}${ssim}${why}`);
    if (d.verdict === 'unchanged' || d.verdict === 'new' || d.verdict === 'missing') {
      for (const n of d.notes) out.push(`  ${safeText(n)}`);
      continue;
    }
    out.push(`  events: ${d.events.added} added, ${d.events.removed} removed, ${d.events.moved} moved`);
    for (const e of d.events.list.slice(0, 12)) out.push(`    ${eventWords(e)}`);
    if (d.events.list.length > 12) out.push(`    … ${d.events.list.length - 12} more (--json)`);
    for (const m of d.metrics) {
      if (m.baseline === m.current) continue;
      const spread = m.p10 !== null && m.p90 !== null ? ` (era p10–p90 ${fmt(m.p10)}–${fmt(m.p90)})` : '';
      out.push(`  ${m.name}: ${fmt(m.baseline)} → ${fmt(m.current)} ${m.unit}${spread}${m.beyond ? ': beyond' : ': within'}`);
    }
    if (d.stretches.length) out.push(`  changed: ${d.stretches.map((s) => `${s.startS.toFixed(2)}–${s.endS.toFixed(2)} s (SSIM ≥ ${s.minSsim.toFixed(3)})`).join(', ')}`);
    for (const n of d.notes) out.push(`  ${safeText(n)}`);
  }
  return out.join('\n');
}
