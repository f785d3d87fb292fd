import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runEye } from '../../testing/run-eye.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../node/io/project-root.ts';
import type { ShardManifest } from '../../jobs/shard/node/shard-manifest.ts';

const root = projectRoot();
const tmp = mkdtempSync(join(tmpdir(), 'eye-shard-cache-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const eye = runEye;

// Two tiny scenes: the point is the bookkeeping, not the picture.
const SCENES = ['1970-script', '2026-rest'];
const TINY = ['--duration', '0.5', '--size', '320x180', '--fps', '30', '--no-ledger'];
const cache = join(tmp, 'cache');
const read = (dir: string, scene: string, file: string) => readFileSync(join(dir, scene, file), 'utf8');
const frameHashes = (dir: string, scene: string) => (JSON.parse(read(dir, scene, 'summary.json')) as { frameHashes: unknown }).frameHashes;

describe('eye render with the cache, sharded, and eye merge (real renders of two tiny scenes)', () => {
  const one = join(tmp, 'one');
  let cold: Awaited<ReturnType<typeof eye>>;
  const coldSummaries: Record<string, string> = {};

  beforeAll(async () => {
    cold = await eye(['render', ...SCENES, ...TINY, '--out', one, '--cache-dir', cache]);
    for (const s of SCENES) coldSummaries[s] = read(one, s, 'summary.json');
  });

  it('a warm run restores every unchanged scene whole from the cache, says "cached", and keeps the original render\'s summary (timings too)', async () => {
    expect(cold.code, cold.stderr).toBe(0);
    expect(cold.stderr).not.toMatch(/cached/);
    const warm = await eye(['render', ...SCENES, ...TINY, '--out', one, '--cache-dir', cache]);
    expect(warm.code, warm.stderr).toBe(0);
    for (const s of SCENES) {
      expect(warm.stderr).toMatch(new RegExp(`${s}: 15 frames 320x180@30, cached \\(rendered at [\\d.]+ ms/frame\\)`));
      expect(read(one, s, 'summary.json')).toBe(coldSummaries[s]);
      expect(readdirSync(join(one, s)).sort()).toEqual(['assertions.json', 'film.mp4', 'pixels.json', 'stills', 'summary.json', 'trace.json']);
    }
  });

  it('--force renders again (a new summary) even though the cache holds the scene', async () => {
    const forced = await eye(['render', SCENES[0], ...TINY, '--out', join(tmp, 'forced'), '--cache-dir', cache, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).not.toMatch(/cached/);
    expect(read(join(tmp, 'forced'), SCENES[0], 'summary.json')).not.toBe(coldSummaries[SCENES[0]]);
  });

  it('shards 1/2 and 2/2, rendered without the cache and merged, equal the one run: same assertions, frame hashes and traces', async () => {
    const a = join(tmp, 'shard-a');
    const b = join(tmp, 'shard-b');
    const r1 = await eye(['render', ...SCENES, ...TINY, '--shard', '1/2', '--out', a, '--no-cache']);
    const r2 = await eye(['render', ...SCENES, ...TINY, '--shard', '2/2', '--out', b, '--no-cache']);
    expect([r1.code, r2.code], r1.stderr + r2.stderr).toEqual([0, 0]);
    // Equal frame counts: longest-first ties by name, so 1970-script goes to shard 1.
    expect(readdirSync(a).sort()).toEqual(['1970-script', 'shard-1-of-2.json']);
    expect(readdirSync(b).sort()).toEqual(['2026-rest', 'shard-2-of-2.json']);
    const merged = join(tmp, 'merged');
    const m = await eye(['merge', a, b, '--out', merged, '--no-ledger']);
    expect(m.code, m.stderr).toBe(0);
    expect(readdirSync(merged).sort()).toEqual(SCENES);
    for (const s of SCENES) {
      expect(read(merged, s, 'assertions.json')).toBe(read(one, s, 'assertions.json'));
      expect(frameHashes(merged, s)).toEqual(frameHashes(one, s));
      expect(read(merged, s, 'trace.json')).toBe(read(one, s, 'trace.json'));
    }
  });

  it('a shard keeps its ledger line in its manifest, saying which scenes came from the cache', async () => {
    const out = join(tmp, 'shard-cached');
    const r = await eye(['render', ...SCENES, ...TINY, '--shard', '2/2', '--out', out, '--cache-dir', cache]);
    expect(r.code, r.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, 'shard-2-of-2.json'), 'utf8')) as ShardManifest;
    expect(manifest.scenes).toEqual(['2026-rest']);
    expect(manifest.ledger.scenes.map((s) => [s.scene, s.cached])).toEqual([['2026-rest', true]]);
  });

  it('merge refuses a missing shard with exit 2, writing nothing', async () => {
    const r = await eye(['merge', join(tmp, 'shard-a'), '--out', join(tmp, 'refused'), '--no-ledger']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^eye: merge: missing shard\(s\) 2\/2 \(given: 1\/2\)$/);
    expect(() => readdirSync(join(tmp, 'refused'))).toThrow();
  });
});
