import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMerge } from './run-merge.ts';
import { craftShard, type ShardFixture } from '../../../testing/shard-fixture.ts';
import { findFfmpeg } from '../../../node/ffmpeg/find-ffmpeg.ts';

const tmp = mkdtempSync(join(tmpdir(), 'eye-merge-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;

const ALL = ['1970-script', '1981-script', 'tour'];

/** A shard's proof folder as `eye render --shard i/n` leaves it (real tiny films, hashes recorded). */
const shard = (root: string, index: number, count: number, scenes: string[], o: ShardFixture = {}) => craftShard(root, index, count, scenes, ALL, o);
const ffprobe = findFfmpeg().ffprobe;

const fresh = () => join(tmp, `case-${++n}`);

describe('runMerge', () => {
  it('joins every shard\'s scene folders into --out and their ledger lines into one, as the unsharded run', async () => {
    const root = fresh();
    const a = shard(root, 1, 2, ['tour']);
    const b = shard(root, 2, 2, ['1970-script', '1981-script']);
    const out = join(root, 'proof');
    const r = await runMerge([b, a], out, { ffprobe });
    expect(readdirSync(out).sort()).toEqual(ALL);
    expect(readFileSync(join(out, 'tour', 'film.mp4'))).toEqual(readFileSync(join(a, 'tour', 'film.mp4')));
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
    it(`refuses ${what}, writing nothing`, async () => {
      const root = fresh();
      const dirs = make(root);
      const out = join(root, 'proof');
      await expect(runMerge(dirs, out, { ffprobe })).rejects.toThrow(message);
      expect(existsSync(out)).toBe(false);
    });
  }

  it('refuses a scene folder that is not the one its shard rendered (a stale folder from another run)', async () => {
    const root = fresh();
    const a = shard(root, 1, 2, ['tour']);
    const b = shard(root, 2, 2, ['1970-script', '1981-script']);
    writeFileSync(join(b, '1970-script', 'summary.json'), JSON.stringify({ frameHashes: { digest: 'digest-older' } }));
    await expect(runMerge([a, b], join(root, 'proof'), { ffprobe })).rejects.toThrow(/scene 1970-script in .* is not the folder shard 2\/2 rendered/);
  });
});
