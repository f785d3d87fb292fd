import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cachedJson } from '../../jobs/cache/node/cached-json.ts';
import { cacheKey } from '../../node/io/content-key.ts';
import { openCache, type CacheStore } from '../../jobs/cache/node/store.ts';
import { hashTree } from '../../node/io/tree-hashes.ts';
import { findFfmpeg } from '../../node/ffmpeg/find-ffmpeg.ts';
import { runEye } from '../run-eye.ts';
import { tempDir } from '../temp-dir.ts';
import { tinyFilm } from '../tiny-film.ts';

// Issue 19, item 4: a damaged cache entry is a miss (removed, said in one line, made again), never a
// result served as good nor a stack on every run.
const tmp = tempDir('eye-faults-cache-');
let n = 0;

/** A store with one films entry (a real tiny film, its summary, a still); the lines it reported. */
function withEntry(): { store: CacheStore; key: string; data: string; entry: string; said: string[]; target: string } {
  const dir = join(tmp, `c${++n}`);
  const said: string[] = [];
  const store = openCache(join(dir, 'cache'), (line) => said.push(line));
  const key = cacheKey(`scene ${n}`);
  store.put('films', key, '1970-script', (d) => {
    tinyFilm(join(d, 'film.mp4'));
    writeFileSync(join(d, 'summary.json'), JSON.stringify({ scene: '1970-script' }));
    mkdirSync(join(d, 'stills'));
    writeFileSync(join(d, 'stills', 'sheet.png'), 'png');
  });
  const entry = join(dir, 'cache', 'films', key);
  return { store, key, data: join(entry, 'data'), entry, said, target: join(dir, 'proof', '1970-script') };
}

/** Rewrite entry.json's recorded hashes to the damaged files (damage that a hash alone would not catch). */
function rehash(entry: string): void {
  const meta = JSON.parse(readFileSync(join(entry, 'entry.json'), 'utf8')) as { files: unknown };
  meta.files = hashTree(join(entry, 'data'));
  writeFileSync(join(entry, 'entry.json'), JSON.stringify(meta));
}

const damages: [string, (e: ReturnType<typeof withEntry>) => void, RegExp][] = [
  ['a film cut to half', (e) => truncateSync(join(e.data, 'film.mp4'), 1000), /film\.mp4 is not the file it recorded/],
  ['a summary.json of {broken', (e) => writeFileSync(join(e.data, 'summary.json'), '{broken'), /summary\.json is not the file it recorded/],
  ['a summary.json of {broken with its hash recorded', (e) => (writeFileSync(join(e.data, 'summary.json'), '{broken'), rehash(e.entry)), /summary\.json is not valid JSON/],
  ['an entry.json of {broken', (e) => writeFileSync(join(e.entry, 'entry.json'), '{broken'), /entry\.json is not valid JSON/],
  ['an entry.json without file hashes (an older eye)', (e) => {
    const meta = JSON.parse(readFileSync(join(e.entry, 'entry.json'), 'utf8')) as Record<string, unknown>;
    delete meta.files;
    writeFileSync(join(e.entry, 'entry.json'), JSON.stringify(meta));
  }, /records no file hashes/],
  ['a symlink added to data/', (e) => symlinkSync('/etc/passwd', join(e.data, 'stills', 'passwd')), /passwd is a symlink/],
  ['a file added to data/', (e) => writeFileSync(join(e.data, 'extra.json'), '{}'), /extra\.json is not one of its files/],
  ['a file removed from data/', (e) => execFileSync('rm', [join(e.data, 'stills', 'sheet.png')]), /stills\/sheet\.png is missing/],
];

describe('faults: a damaged cache entry is a miss', () => {
  for (const [what, damage, reason] of damages) {
    it(`${what}: not restored; the entry removed, one line saying so; the next put stores it again`, () => {
      const e = withEntry();
      damage(e);
      expect(e.store.restoreDir('films', e.key, e.target)).toBe(false);
      expect(existsSync(e.target)).toBe(false);
      expect(existsSync(e.entry)).toBe(false);
      expect(e.said).toHaveLength(1);
      expect(e.said[0]).toMatch(/the films entry [0-9a-f]{12} is damaged \(/);
      expect(e.said[0]).toMatch(reason);
      e.store.put('films', e.key, '1970-script', (d) => writeFileSync(join(d, 'summary.json'), '{}'));
      expect(e.store.restoreDir('films', e.key, e.target)).toBe(true);
    });
  }

  it("eye check's value.json cut to half: computed again (it was exit 4 with a stack on every run)", async () => {
    const said: string[] = [];
    const store = openCache(join(tmp, 'checks'), (line) => said.push(line));
    const where = { kind: 'checks' as const, key: cacheKey('check'), name: 'check' };
    let runs = 0;
    const compute = async () => (runs++, { rows: Array.from({ length: 100 }, (_, i) => i) });
    await cachedJson(store, where, compute);
    const value = join(tmp, 'checks', 'checks', where.key, 'data', 'value.json');
    truncateSync(value, 50);
    const again = await cachedJson(store, where, compute);
    expect(again.cached).toBe(false);
    expect(again.value.rows).toHaveLength(100);
    expect(runs).toBe(2);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/check: the checks entry .* is damaged \(value\.json/);
  });
});

describe('faults: eye render with a damaged cache entry renders the scene again (real tiny renders)', () => {
  const TINY = ['1970-script', '--duration', '0.5', '--size', '320x180', '--fps', '30', '--no-ledger'];
  const base = join(tmp, 'render');
  const clean = join(base, 'cache0');
  beforeAll(async () => {
    const r = await runEye(['render', ...TINY, '--out', join(base, 'proof0'), '--cache-dir', clean]);
    expect(r.code, r.stderr).toBe(0);
  });
  const entryData = (cache: string) => join(cache, 'films', readdirSync(join(cache, 'films')).find((f) => !f.startsWith('.'))!, 'data');
  const packets = (film: string) =>
    Number(execFileSync(findFfmpeg().ffprobe, ['-v', 'error', '-count_packets', '-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0', film], { encoding: 'utf8' }).trim());

  for (const [what, damage] of [
    ['a cached film cut to half (it was published, "film ok", exit 0)', (data: string) => truncateSync(join(data, 'film.mp4'), Math.floor(readFileSync(join(data, 'film.mp4')).length / 2))],
    ['a cached summary.json of {broken (it was exit 4 with a stack on every run)', (data: string) => writeFileSync(join(data, 'summary.json'), '{broken')],
  ] as const) {
    it(what, async () => {
      const cache = join(base, `cache${++n}`);
      cpSync(clean, cache, { recursive: true });
      damage(entryData(cache));
      const out = join(base, `proof${n}`);
      const r = await runEye(['render', ...TINY, '--out', out, '--cache-dir', cache]);
      expect(r.code, r.stderr).toBe(0);
      const said = r.stderr.split('\n').filter((l) => l.startsWith('cache:'));
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/^cache: 1970-script: the films entry [0-9a-f]{12} is damaged \(.*\): removed it; made again$/);
      expect(r.stderr).not.toMatch(/cached \(rendered at/);
      expect(packets(join(out, '1970-script', 'film.mp4'))).toBe(15);
      expect(() => JSON.parse(readFileSync(join(out, '1970-script', 'summary.json'), 'utf8'))).not.toThrow();
      // Stored again whole: the next run restores it.
      const warm = await runEye(['render', ...TINY, '--out', out, '--cache-dir', cache]);
      expect(warm.stderr).toMatch(/cached \(rendered at/);
    });
  }
});
