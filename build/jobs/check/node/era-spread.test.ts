import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, detectorParams } from '../../../measure/params.ts';
import { withSettings } from '../../../scene/parse.ts';
import type { CheckJobResult } from './check-job.ts';
import { checkFilm, eraSpread, hasTimeline, readCachedSpread, spreadFromRuns, spreadJobs, spreadKey, spreadPlan, writeCachedSpread } from './era-spread.ts';
import { runCheckJob } from './check-job.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../../testing/temp-dir.ts';
import { openCache } from '../../cache/node/store.ts';
import { writeCachedJson } from '../../cache/node/cached-json.ts';
import { projectRoot } from '../../../node/io/project-root.ts';

describe('eraSpread: what a proof film is held to', () => {
  it('an era scene is measured over 20-s windows of 3 × 10 min at reference seeds; a tour or pointer scene over 30 seeds of itself', () => {
    const era = loadScene('1970-script');
    const plan = spreadPlan(era);
    expect(plan).toEqual({ method: 'windows', seeds: [1, 2, 3], runS: 600, windowS: 20, fps: 30 });
    expect(hasTimeline(loadScene('tour'))).toBe(true);
    expect(hasTimeline(loadScene('2026-rest-pointer'))).toBe(true);
    const tour = spreadPlan(loadScene('tour'));
    expect(tour.method).toBe('seeds');
    expect(tour.seeds).toHaveLength(30);
    expect(tour.runS).toBe(60);
    expect(spreadJobs(era, plan, DEFAULT_PARAMS).map((j) => [j.seed, j.durationS, j.films])).toEqual([
      [1, 600, { fps: 30, windowS: 20 }],
      [2, 600, { fps: 30, windowS: 20 }],
      [3, 600, { fps: 30, windowS: 20 }],
    ]);
  });

  it("the cache key follows the era's behaviour, the plan and the detector, not the film's seed, name or size", async () => {
    const a = loadScene('1970-script');
    const key = await spreadKey(a, spreadPlan(a), DEFAULT_PARAMS);
    expect(await spreadKey({ ...a, name: 'x', seed: 99, width: 640, height: 360 }, spreadPlan(a), DEFAULT_PARAMS)).toBe(key);
    expect(await spreadKey(withSettings(a, { calm: true }), spreadPlan(a), DEFAULT_PARAMS)).not.toBe(key);
    expect(await spreadKey({ ...a, era: '1981' }, spreadPlan(a), DEFAULT_PARAMS)).not.toBe(key);
    const b = withSettings(a, { fps: 60 });
    expect(await spreadKey(b, spreadPlan(b), DEFAULT_PARAMS)).not.toBe(key);
    expect(await spreadKey(a, spreadPlan(a), detectorParams({ lambda: 5 }))).not.toBe(key);
  });

  it('a short run gives a spread over its windows, and the scene film is judged against it', () => {
    const scene = withSettings(loadScene('1995-script'), { durationS: 5 });
    const plan = { ...spreadPlan(scene), runS: 60, seeds: [1] };
    const runs: CheckJobResult[] = spreadJobs(scene, plan, DEFAULT_PARAMS).map(runCheckJob);
    expect(runs[0].films).toHaveLength(12);
    const s = spreadFromRuns(scene, plan, runs, 'test-key');
    expect(s.films).toBe(12);
    expect(s.spread.saccadesPerS!.p10).toBeLessThanOrEqual(s.spread.saccadesPerS!.p90);
    const f = checkFilm(scene, s);
    expect(f.verdicts.map((v) => v.metric)).toEqual(['saccadesPerS', 'blinksPerMin', 'meanFixationMs', 'medianPitchDeg', 'largeSaccadesPerMin']);
    expect(f.metrics.durationS).toBeCloseTo(5, 0);
  });
});

describe('eraSpread on the cache store (--cache-dir, --no-cache, eye cache prune)', () => {
  // A scene with a timeline is held to 30 seeds of itself: at 1 s, cheap to compute for real.
  const scene = withSettings(loadScene('2026-rest-pointer'), { durationS: 1 });

  it('is a spreads entry of the store it is given, read back from there and from no other', async () => {
    const store = openCache(join(tempDir('eye-spread-'), 'cache'));
    const s = await eraSpread(scene, { store });
    expect(s.films).toBe(30);
    expect(s.key).toBe(await spreadKey(scene, spreadPlan(scene), DEFAULT_PARAMS));
    expect(store.list().map((e) => [e.kind, e.name, e.key])).toEqual([['spreads', scene.name, s.key]]);
    // Read back: a marked value under its key is what the next call returns (nothing computed).
    writeCachedSpread(store, { ...s, films: -1 });
    expect((await eraSpread(scene, { store })).films).toBe(-1);
    // Another --cache-dir does not see it.
    expect((await eraSpread(scene, { store: openCache(join(tempDir('eye-spread-'), 'cache')) })).films).toBe(30);
    // An entry whose spread names another key is a miss.
    writeCachedJson(store, 'spreads', s.key, scene.name, { ...s, key: 'f'.repeat(32) });
    expect(readCachedSpread(store, s.key)).toBeNull();
  }, 60_000);

  it('without a store (--no-cache) is computed, and neither reads nor writes any cache', async () => {
    const store = openCache(join(tempDir('eye-spread-'), 'cache'));
    const s = await eraSpread(scene, { store });
    writeCachedSpread(store, { ...s, films: -1 });
    const listing = (d: string) => (existsSync(d) ? readdirSync(d).sort() : []);
    const before = ['spread', 'spreads'].map((d) => listing(join(projectRoot(), 'cache', d)));
    expect((await eraSpread(scene, { store: null })).films).toBe(30);
    expect(['spread', 'spreads'].map((d) => listing(join(projectRoot(), 'cache', d)))).toEqual(before);
  }, 60_000);
});
