import type { PanelNumbers } from './panel-numbers.ts';

/** A panel's two label lines: its name, then its pixel-measured numbers (— where there is nothing to measure). */
export function panelLabel(name: string, n: PanelNumbers): [string, string] {
  const fix = n.meanFixationMs === null ? '—' : `${n.fixationCensoredOnly ? '≥ ' : ''}${Math.round(n.meanFixationMs)} ms`;
  const blink = `${n.meanBlinkIntervalS === null ? '—' : `${n.meanBlinkIntervalS.toFixed(1)} s`} (${n.blinkEpisodes} ${n.blinkEpisodes === 1 ? 'blink' : 'blinks'})`;
  return [
    name,
    `saccades ${n.saccadesPerS.toFixed(2)}/s · micro ${n.microsaccadesPerS.toFixed(2)}/s · fixation ${fix} · blink interval ${blink}`,
  ];
}
