import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CacheKind, CacheStore } from './store.ts';

const NON_FINITE = '$nonFinite';

/** JSON that keeps NaN and ±Infinity (plain JSON would turn them into null and change a restored result). */
function encode(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? { [NON_FINITE]: String(v) } : v));
}

function decode<T>(text: string): T {
  return JSON.parse(text, (_k, v: unknown) => {
    if (v && typeof v === 'object' && NON_FINITE in v && Object.keys(v).length === 1) return Number((v as Record<string, string>)[NON_FINITE]);
    return v;
  }) as T;
}

/** The value stored under `key`, and when it was stored; null when the cache does not hold it. */
export function readCachedJson<T>(store: CacheStore, kind: CacheKind, key: string): { value: T; createdAt: string } | null {
  const data = store.lookup(kind, key);
  if (!data) return null;
  const entry = JSON.parse(readFileSync(join(data, '..', 'entry.json'), 'utf8')) as { createdAt: string };
  return { value: decode<T>(readFileSync(join(data, 'value.json'), 'utf8')), createdAt: entry.createdAt };
}

/** Store `value` under `key` (written whole, replacing what was there). */
export function writeCachedJson(store: CacheStore, kind: CacheKind, key: string, name: string, value: unknown): void {
  store.put(kind, key, name, (dir) => writeFileSync(join(dir, 'value.json'), encode(value)));
}

/**
 * A computed value restored from the cache when its key is there, else computed and stored (as
 * `<kind>/<key>/data/value.json`, written whole like every entry). `force` computes and replaces.
 */
export async function cachedJson<T>(
  store: CacheStore | null,
  where: { kind: CacheKind; key: string; name: string; force?: boolean },
  compute: () => Promise<T>,
): Promise<{ value: T; cached: boolean; createdAt?: string }> {
  if (store && !where.force) {
    const hit = readCachedJson<T>(store, where.kind, where.key);
    if (hit) return { ...hit, cached: true };
  }
  const value = await compute();
  if (store) writeCachedJson(store, where.kind, where.key, where.name, value);
  return { value, cached: false };
}
