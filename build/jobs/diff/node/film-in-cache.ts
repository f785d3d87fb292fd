import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCache, type CacheStore } from '../../cache/node/store.ts';

/** The store at `dir` if there is one (looking a film up never makes a cache folder). */
export function existingCache(dir: string): CacheStore | null {
  return existsSync(join(dir, 'films')) ? openCache(dir, () => undefined) : null;
}

function digestOf(dataDir: string): string | null {
  try {
    const s = JSON.parse(readFileSync(join(dataDir, 'summary.json'), 'utf8')) as { frameHashes?: { digest?: unknown } };
    return typeof s.frameHashes?.digest === 'string' ? s.frameHashes.digest : null;
  } catch {
    return null;
  }
}

/**
 * The cache entry holding a scene's film with these frames: by its key when one is known (the
 * baseline recorded it), else the entries made for the scene, newest first; each checked whole by the
 * store (every file's sha256) and its summary's frame digest held to `digest`, so an entry is never
 * taken for a film it is not. Null: no such film is cached.
 */
export function filmInCache(store: CacheStore | null, scene: string, digest: string, key: string | null): { key: string; dir: string } | null {
  if (!store) return null;
  const tryKey = (k: string) => {
    const data = store.lookup('films', k);
    return data && digestOf(data) === digest && existsSync(join(data, 'film.mp4')) ? { key: k, dir: data } : null;
  };
  const byKey = key ? tryKey(key) : null;
  if (byKey) return byKey;
  const candidates = store
    .list()
    .filter((e) => e.kind === 'films' && e.name === scene && e.key !== key)
    .sort((a, b) => b.lastUsedMs - a.lastUsedMs);
  for (const e of candidates) {
    // The cheap check first (a scene has an entry per code change): only a digest that matches is verified whole.
    if (digestOf(join(e.path, 'data')) !== digest) continue;
    const found = tryKey(e.key);
    if (found) return found;
  }
  return null;
}
