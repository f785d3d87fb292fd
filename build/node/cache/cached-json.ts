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
    const data = store.lookup(where.kind, where.key);
    if (data) {
      const entry = JSON.parse(readFileSync(join(data, '..', 'entry.json'), 'utf8')) as { createdAt: string };
      return { value: decode<T>(readFileSync(join(data, 'value.json'), 'utf8')), cached: true, createdAt: entry.createdAt };
    }
  }
  const value = await compute();
  store?.put(where.kind, where.key, where.name, (dir) => writeFileSync(join(dir, 'value.json'), encode(value)));
  return { value, cached: false };
}
