import { resolve } from 'node:path';
import { formatBytes } from '../core/byte-size.ts';
import { pruneCache } from './prune.ts';
import { openCache, type CacheEntry } from './store.ts';

/** `eye cache prune`: the cache in `dir` kept under `max` bytes (least recently used first); what went, as text or JSON. */
export function runCachePrune(dir: string, max: number, json = false): string {
  const r = pruneCache(openCache(resolve(dir)), max);
  if (json) return JSON.stringify({ maxBytes: max, keptBytes: r.keptBytes, swept: r.swept, evicted: r.evicted.map(brief) }, null, 2);
  const gone = r.evicted.map((e) => `${e.kind}/${e.name} ${formatBytes(e.bytes)}`).join(', ');
  return `removed ${r.evicted.length} entr${r.evicted.length === 1 ? 'y' : 'ies'}${gone ? ` (${gone})` : ''}; ${formatBytes(r.keptBytes)} kept (max ${formatBytes(max)})${r.swept ? `; ${r.swept} abandoned staging folder(s) swept` : ''}`;
}

const brief = (e: CacheEntry) => ({ kind: e.kind, name: e.name, key: e.key, bytes: e.bytes, lastUsedMs: e.lastUsedMs });
