import { joinChunks, type TraceChunk } from '../../model/trace.ts';
import { SAMPLE_FIELDS, SAMPLE_FIELD_DOCS } from '../../model/types.ts';
import type { Scene } from '../../scene/scene.ts';

/**
 * trace.json: every 240 Hz sample the page reported while rendering (column per field, units in the
 * names, each field documented), the generator's ground-truth events, and the scene that made them.
 * Nothing in it depends on the machine or the clock, so two renders write the same bytes.
 */
export function traceJson(scene: Scene, chunks: TraceChunk[]): string {
  const trace = joinChunks(chunks);
  const columns: Record<string, number[]> = {};
  for (const f of SAMPLE_FIELDS) columns[f] = Array.from(trace.columns[f]);
  return `${JSON.stringify({
    about: 'Every 240 Hz model sample the page reported while rendering this film, one column per field, and the generator\'s ground-truth events (the detectors are scored against them).',
    source: 'page',
    sampleRateHz: trace.sampleRateHz,
    samples: trace.columns.tMs.length,
    fields: SAMPLE_FIELD_DOCS,
    scene,
    columns,
    events: trace.events,
  })}\n`;
}
