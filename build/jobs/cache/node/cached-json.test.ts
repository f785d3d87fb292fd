import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedJson } from './cached-json.ts';
import { cacheKey } from '../../../node/io/content-key.ts';
import { openCache } from './store.ts';

const tmp = mkdtempSync(join(tmpdir(), 'eye-cache-json-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('cachedJson', () => {
  it('computes once, then restores an equal value (NaN and Infinity kept) without computing; force computes again', async () => {
    const store = openCache(join(tmp, 'c'));
    const where = { kind: 'checks' as const, key: cacheKey('check'), name: 'check' };
    let runs = 0;
    const compute = async () => {
      runs++;
      return { hz: NaN, cap: Infinity, low: -Infinity, rows: [{ v: 1.5, missing: null }] };
    };
    const first = await cachedJson(store, where, compute);
    expect(first.cached).toBe(false);
    const again = await cachedJson(store, where, compute);
    expect(again.cached).toBe(true);
    expect(again.value).toEqual(first.value);
    expect(Number.isNaN(again.value.hz)).toBe(true);
    expect(again.value.cap).toBe(Infinity);
    expect(again.value.low).toBe(-Infinity);
    expect(runs).toBe(1);
    await cachedJson(store, { ...where, force: true }, compute);
    expect(runs).toBe(2);
  });

  it('with no store, always computes', async () => {
    let runs = 0;
    await cachedJson(null, { kind: 'checks', key: cacheKey('x'), name: 'x' }, async () => ++runs);
    await cachedJson(null, { kind: 'checks', key: cacheKey('x'), name: 'x' }, async () => ++runs);
    expect(runs).toBe(2);
  });
});
