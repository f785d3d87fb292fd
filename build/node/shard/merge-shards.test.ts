import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../ledger/ledger.ts';
import { mergeShards } from './merge-shards.ts';
import { shardManifestName, type ShardManifest } from './shard-manifest.ts';

const tmp = mkdtempSync(join(tmpdir(), 'eye-merge-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;

const ALL = ['1970-script', '1981-script', 'tour'];

/** A shard's proof folder as `eye render --shard i/n` leaves it. */
function shard(root: string, index: number, count: number, scenes: string[], o: { revision?: string; all?: string[]; skipFolder?: string; seed?: number; browser?: string } = {}): string {
  const dir = join(root, `shard-${index}`);
  mkdirSync(dir, { recursive: true });
  const digests: Record<string, string> = {};
  for (const s of scenes) {
    digests[s] = `digest-${s}`;
    if (o.skipFolder === s) continue;
    mkdirSync(join(dir, s, 'stills'), { recursive: true });
    writeFileSync(join(dir, s, 'summary.json'), JSON.stringify({ scene: s, frameHashes: { digest: `digest-${s}` } }));
    writeFileSync(join(dir, s, 'film.mp4'), `film of ${s}`);
  }
  const ledger: LedgerEntry = {
    time: `2026-11-30T00:00:0${index}.000Z`,
    revision: o.revision ?? 'abc123',
    dirty: false,
    command: 'render',
    argv: ['--duration', '2', '--shard', `${index}/${count}`, '--out', dir],
    scenes: scenes.map((s) => ({ scene: s, pass: true, metrics: { frames: 60 }, failed: [], ...(s === 'tour' ? { cached: true } : {}) })),
    pass: true,
    wallMs: 1000 * index,
  };
  const m: ShardManifest = {
    shard: { index, count },
    allScenes: o.all ?? ALL,
    scenes,
    digests,
    settings: { durationS: 2, seed: o.seed, capture: 'auto', format: 'jpeg' },
    code: { renderer: 'r', node: 'n', browser: o.browser ?? 'Chromium 156.0.8078.114', encoder: 'ffmpeg version 5.1.9' },
    ledger,
  };
  writeFileSync(join(dir, shardManifestName({ index, count })), JSON.stringify(m));
  return dir;
}

const fresh = () => join(tmp, `case-${++n}`);

describe('mergeShards', () => {
  it('joins every shard\'s scene folders into --out and their ledger lines into one, as the unsharded run', () => {
    const root = fresh();
    const a = shard(root, 1, 2, ['tour']);
    const b = shard(root, 2, 2, ['1970-script', '1981-script']);
    const out = join(root, 'proof');
    const r = mergeShards([b, a], out);
    expect(readdirSync(out).sort()).toEqual(ALL);
    expect(readFileSync(join(out, 'tour', 'film.mp4'), 'utf8')).toBe('film of tour');
    expect(r.ledger.scenes.map((s) => s.scene)).toEqual(ALL);
    expect(r.ledger.scenes.find((s) => s.scene === 'tour')?.cached).toBe(true);
    expect(r.ledger.argv).toEqual(['--duration', '2']);
    expect(r.ledger.wallMs).toBe(2000);
    expect(r.ledger.shards?.map((s) => s.shard)).toEqual(['1/2', '2/2']);
  });

  const refusals: [string, (root: string) => string[], RegExp][] = [
    ['a missing shard', (root) => [shard(root, 1, 3, ['tour'])], /missing shard\(s\) 2\/3, 3\/3/],
    ['a shard given twice', (root) => [shard(root, 1, 2, ['tour']), shard(join(root, 'again'), 1, 2, ['tour'])], /shard 1\/2 appears twice/],
    ['a scene in two shards', (root) => [shard(root, 1, 2, ['tour', '1970-script']), shard(root, 2, 2, ['1970-script', '1981-script'])], /scene 1970-script is in two shards: 1\/2 .* and 2\/2/],
    ['a scene no shard holds', (root) => [shard(root, 1, 2, ['tour']), shard(root, 2, 2, ['1970-script'])], /no shard holds scene\(s\) 1981-script/],
    ['a scene folder missing', (root) => [shard(root, 1, 2, ['tour']), shard(root, 2, 2, ['1970-script', '1981-script'], { skipFolder: '1981-script' })], /scene 1981-script: missing from .*shard-2 \(no 1981-script\/summary\.json\)/],
    ['shards of different counts', (root) => [shard(root, 1, 2, ['tour']), shard(root, 2, 3, ['1970-script', '1981-script'])], /is one of 3 shards, but shard 1\/2 .* is one of 2/],
    ['shards of different revisions', (root) => [shard(root, 1, 2, ['tour']), shard(root, 2, 2, ['1970-script', '1981-script'], { revision: 'def456' })], /rendered revision def456.*shards must come from one revision/],
    ['shards of different scene lists', (root) => [shard(root, 1, 2, ['tour']), shard(root, 2, 2, ['1970-script', '1981-script'], { all: ['1970-script', '1981-script'] })], /split from another scene list/],
    ['shards rendered with other settings', (root) => [shard(root, 1, 2, ['tour']), shard(root, 2, 2, ['1970-script', '1981-script'], { seed: 5 })], /shard 2\/2 .* was rendered with other settings than shard 1\/2 .*"seed":5/],
    ['shards rendered by another browser', (root) => [shard(root, 1, 2, ['tour']), shard(root, 2, 2, ['1970-script', '1981-script'], { browser: 'Chromium 157' })], /shard 2\/2 .* was rendered with other code than shard 1\/2 .*Chromium 157/],
    ['a folder that is not a shard', (root) => { mkdirSync(join(root, 'plain'), { recursive: true }); return [join(root, 'plain')]; }, /holds no shard-<i>-of-<n>\.json/],
  ];
  for (const [what, make, message] of refusals) {
    it(`refuses ${what}, writing nothing`, () => {
      const root = fresh();
      const dirs = make(root);
      const out = join(root, 'proof');
      expect(() => mergeShards(dirs, out)).toThrow(message);
      expect(existsSync(out)).toBe(false);
    });
  }

  it('refuses a scene folder that is not the one its shard rendered (a stale folder from another run)', () => {
    const root = fresh();
    const a = shard(root, 1, 2, ['tour']);
    const b = shard(root, 2, 2, ['1970-script', '1981-script']);
    writeFileSync(join(b, '1970-script', 'summary.json'), JSON.stringify({ frameHashes: { digest: 'digest-older' } }));
    expect(() => mergeShards([a, b], join(root, 'proof'))).toThrow(/scene 1970-script in .* is not the folder shard 2\/2 rendered/);
  });
});
