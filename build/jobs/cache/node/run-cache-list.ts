import { resolve } from 'node:path';
import { formatTable } from '../../../report/table.ts';
import { formatBytes } from '../core/byte-size.ts';
import { safeJson } from '../../../errors/safe-text.ts';
import { openCache } from './store.ts';

/** The entries, most recently used first, and their total (an entry's fields are its entry.json's: escaped as printed, by formatTable). */
export function runCacheList(dir: string, json = false): string {
  const store = openCache(resolve(dir));
  const entries = store.list().sort((a, b) => b.lastUsedMs - a.lastUsedMs || a.key.localeCompare(b.key));
  const total = entries.reduce((n, e) => n + e.bytes, 0);
  if (json) return safeJson({ dir: store.dir, totalBytes: total, entries }, 2);
  if (entries.length === 0) return `${store.dir}: no entries`;
  const rows = [['kind', 'name', 'key', 'size', 'last used', 'made']];
  for (const e of entries) rows.push([e.kind, String(e.name), e.key.slice(0, 12), formatBytes(e.bytes), iso(e.lastUsedMs), String(e.createdAt).replace(/\.\d+Z$/, 'Z')]);
  return `${formatTable(rows)}\n${entries.length} entries, ${formatBytes(total)} in ${store.dir}`;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
