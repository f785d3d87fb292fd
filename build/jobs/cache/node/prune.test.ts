import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatBytes, parseByteSize } from '../core/byte-size.ts';
import { cacheKey } from '../../../node/io/content-key.ts';
import { planPrune, pruneCache } from './prune.ts';
import { openCache } from './store.ts';
import { runCacheList } from './run-cache-list.ts';
import { readCachedSpread, writeCachedSpread, type EraSpread } from '../../check/node/era-spread.ts';

const tmp = mkdtempSync(join(tmpdir(), 'eye-cache-prune-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const e = (key: string, bytes: number, lastUsedMs: number) => ({ key, bytes, lastUsedMs, createdAt: '2026-01-01T00:00:00.000Z' });

describe('planPrune', () => {
  it('evicts least recently used first, only as many as needed to fit', () => {
    const entries = [e('a', 400, 3), e('b', 300, 1), e('c', 300, 2), e('d', 100, 4)];
    expect(planPrune(entries, 1100).map((x) => x.key)).toEqual([]);
    expect(planPrune(entries, 1000).map((x) => x.key)).toEqual(['b']);
    expect(planPrune(entries, 500).map((x) => x.key)).toEqual(['b', 'c']);
    expect(planPrune(entries, 0).map((x) => x.key)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('breaks ties in last use by key, so the choice does not depend on listing order', () => {
    expect(planPrune([e('z', 10, 5), e('y', 10, 5)], 10).map((x) => x.key)).toEqual(['y']);
    expect(planPrune([e('y', 10, 5), e('z', 10, 5)], 10).map((x) => x.key)).toEqual(['y']);
  });
});

describe('pruneCache', () => {
  it('removes the least recently used entries from disk until the rest fit', () => {
    const store = openCache(join(tmp, 'c'));
    const keys = ['old', 'mid', 'new'].map((n) => cacheKey(n));
    keys.forEach((k, i) => {
      store.put('films', k, ['old', 'mid', 'new'][i], (d) => writeFileSync(join(d, 'film.mp4'), Buffer.alloc(1000)));
      utimesSync(join(store.dir, 'films', k, 'entry.json'), new Date((i + 1) * 1e6), new Date((i + 1) * 1e6));
    });
    const r = pruneCache(store, 2000);
    expect(r.evicted.map((x) => x.name)).toEqual(['old']);
    expect(r.keptBytes).toBe(2000);
    expect(store.list().map((x) => x.name).sort()).toEqual(['mid', 'new']);
  });

  it("prunes era spreads with the films and the check (they are the store's entries, listed by eye cache ls)", () => {
    const store = openCache(join(tmp, 'spreads'));
    const spread = (name: string): EraSpread => ({ scene: name, era: '1995', mode: 'script', preset: 'tuned', calm: false, plan: { method: 'windows', seeds: [1], runS: 60, windowS: 20, fps: 30 }, films: 3, spread: {} as EraSpread['spread'], key: cacheKey(name) });
    writeCachedSpread(store, spread('1995-script'));
    utimesSync(join(store.dir, 'spreads', cacheKey('1995-script'), 'entry.json'), new Date(1e6), new Date(1e6));
    store.put('films', cacheKey('film'), 'film', (d) => writeFileSync(join(d, 'film.mp4'), Buffer.alloc(1000)));
    expect(runCacheList(store.dir)).toMatch(/spreads +1995-script/);
    const filmBytes = store.list().find((x) => x.kind === 'films')!.bytes;
    const r = pruneCache(store, filmBytes);
    expect(r.evicted.map((x) => [x.kind, x.name])).toEqual([['spreads', '1995-script']]);
    expect(readCachedSpread(store, cacheKey('1995-script'))).toBeNull();
    expect(store.list().map((x) => x.kind)).toEqual(['films']);
  });
});

describe('parseByteSize', () => {
  it('reads decimal and binary units and plain bytes', () => {
    expect(parseByteSize('2GB')).toBe(2e9);
    expect(parseByteSize('500 MB')).toBe(5e8);
    expect(parseByteSize('1.5GiB')).toBe(1.5 * 2 ** 30);
    expect(parseByteSize('123456')).toBe(123456);
    expect(formatBytes(2.6e6)).toBe('2.6 MB');
  });

  it('refuses anything else, saying what it accepts', () => {
    for (const bad of ['', '2 XB', '-1GB', 'GB', '1e9']) expect(() => parseByteSize(bad)).toThrow(/expected a size like 2GB, 500MB or 1\.5GiB/);
  });
});
