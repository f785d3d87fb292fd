import { joinChunks, type TraceChunk } from '../../../model/trace.ts';
import { SAMPLE_FIELDS, SAMPLE_FIELD_DOCS } from '../../../model/types.ts';
import type { Scene } from '../../../scene/scene.ts';
import { NODE_PAGE_TOLERANCE } from './trace-agreement.ts';

/**
 * trace.json: every 240 Hz model sample of the film (column per field, units in the names, each field
 * documented), the generator's ground-truth events, and the scene that made them. Nothing in it
 * depends on the machine or the clock, so two renders write the same bytes. `source` says whose run
 * it is: a render writes Node's simulation of the scene, which the page's own trace was held to (to
 * NODE_PAGE_TOLERANCE), so a film rendered and a film restored from the cache write the same file.
 */
export function traceJson(scene: Scene, chunks: TraceChunk[], source: 'page' | 'node' = 'page'): string {
  const trace = joinChunks(chunks);
  const columns: Record<string, number[]> = {};
  for (const f of SAMPLE_FIELDS) columns[f] = Array.from(trace.columns[f]);
  return `${JSON.stringify({
    about:
      source === 'page'
        ? 'Every 240 Hz model sample the page reported while rendering this film, one column per field, and the generator\'s ground-truth events (the detectors are scored against them).'
        : `Every 240 Hz model sample of this film, one column per field, and the generator's ground-truth events (the detectors are scored against them): the model run in Node at the film's frames, which the page's own run while rendering followed to ${NODE_PAGE_TOLERANCE}.`,
    source: source === 'page' ? 'page' : `node (the page followed it to ${NODE_PAGE_TOLERANCE})`,
    sampleRateHz: trace.sampleRateHz,
    samples: trace.columns.tMs.length,
    fields: SAMPLE_FIELD_DOCS,
    scene,
    columns,
    events: trace.events,
  })}\n`;
}
