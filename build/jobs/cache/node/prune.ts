import type { CacheEntry, CacheStore } from './store.ts';

/** The cache's size cap unless `--max-size` says otherwise: room for about eight full sets of proof films. */
export const DEFAULT_CACHE_MAX_SIZE = '2GB';

/**
 * Which entries to evict so the rest fit in `maxBytes`: least recently used first (ties: the older
 * entry, then the key, so the choice is deterministic). Pure.
 */
export function planPrune<T extends Pick<CacheEntry, 'bytes' | 'lastUsedMs' | 'createdAt' | 'key'>>(entries: readonly T[], maxBytes: number): T[] {
  let total = entries.reduce((n, e) => n + e.bytes, 0);
  const oldestFirst = [...entries].sort((a, b) => a.lastUsedMs - b.lastUsedMs || a.createdAt.localeCompare(b.createdAt) || a.key.localeCompare(b.key));
  const evict: T[] = [];
  for (const e of oldestFirst) {
    if (total <= maxBytes) break;
    evict.push(e);
    total -= e.bytes;
  }
  return evict;
}

/** Sweep dead staging folders, then evict least-recently-used entries until the cache fits `maxBytes`. */
export function pruneCache(store: CacheStore, maxBytes: number): { evicted: CacheEntry[]; keptBytes: number; swept: number } {
  const swept = store.sweep();
  const entries = store.list();
  const evicted = planPrune(entries, maxBytes);
  for (const e of evicted) store.remove(e);
  const keptBytes = entries.reduce((n, e) => n + e.bytes, 0) - evicted.reduce((n, e) => n + e.bytes, 0);
  return { evicted, keptBytes, swept };
}
