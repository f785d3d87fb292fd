import { joinChunks, type TraceChunk } from '../../../model/trace.ts';
import { SAMPLE_FIELDS } from '../../../model/types.ts';

/**
 * How closely the page's model must follow Node's: Chromium's and Node's Math functions differ in the
 * last bit for some inputs (frame-feed.ts), which a 20-s run carries to ~1e-15; anything past this is
 * a determinism bug (another code path, another input, state carried over), not rounding.
 */
export const NODE_PAGE_TOLERANCE = 1e-9;

/** The first difference between two numbers or JSON values beyond the tolerance (NaN equals NaN and null), or null. */
function differ(a: unknown, b: unknown, path: string): string | null {
  const num = (v: unknown) => (v === null ? NaN : v);
  if ((typeof a === 'number' || a === null) && (typeof b === 'number' || b === null)) {
    const [x, y] = [num(a) as number, num(b) as number];
    if (Number.isNaN(x) && Number.isNaN(y)) return null;
    if (x === y || Math.abs(x - y) <= NODE_PAGE_TOLERANCE) return null;
    return `${path}: ${x} against ${y}`;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path}: ${a.length} entries against ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = differ(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) {
      const d = differ((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return a === b ? null : `${path}: ${JSON.stringify(a)} against ${JSON.stringify(b)}`;
}

/**
 * Where the page's trace of a film leaves Node's simulation of the same scene by more than
 * NODE_PAGE_TOLERANCE (a sample column, an event), or null when it follows it throughout.
 */
export function traceDisagreement(page: TraceChunk[], node: TraceChunk[]): string | null {
  const [p, n] = [joinChunks(page), joinChunks(node)];
  for (const f of SAMPLE_FIELDS) {
    const d = differ(Array.from(p.columns[f]), Array.from(n.columns[f]), f);
    if (d) return d;
  }
  return differ(JSON.parse(JSON.stringify(p.events)), JSON.parse(JSON.stringify(n.events)), 'events');
}

/**
 * traceDisagreement for a chunk of a film: the page ran the model from 0 to the chunk's last frame
 * only, so its trace is held to the same length of Node's whole run (its first samples and events).
 */
export function traceHeadDisagreement(page: TraceChunk[], node: TraceChunk): string | null {
  const samples = page.reduce((n, c) => n + c.columns.tMs.length, 0);
  const events = page.reduce((n, c) => n + c.events.length, 0);
  const head: TraceChunk = {
    columns: Object.fromEntries(SAMPLE_FIELDS.map((f) => [f, node.columns[f].slice(0, samples)])) as TraceChunk['columns'],
    events: node.events.slice(0, events),
  };
  if (node.columns.tMs.length < samples) return `tMs: ${samples} samples against Node's ${node.columns.tMs.length}`;
  return traceDisagreement(page, [head]);
}
