import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheKey } from '../../../node/io/content-key.ts';
import { openCache } from './store.ts';

const tmp = mkdtempSync(join(tmpdir(), 'eye-cache-store-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A finished scene folder, as a render publishes it. */
function sceneFolder(dir: string, tag: string): string {
  mkdirSync(join(dir, 'stills'), { recursive: true });
  writeFileSync(join(dir, 'film.mp4'), `film ${tag}`);
  writeFileSync(join(dir, 'summary.json'), JSON.stringify({ tag }));
  writeFileSync(join(dir, 'stills', 'sheet.png'), `sheet ${tag}`);
  return dir;
}

const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: false }).map(String).sort();

describe('the cache store', () => {
  it('stores a folder under its key and restores it whole to a target, replacing what was there', () => {
    const store = openCache(join(tmp, 'c1'));
    const key = cacheKey('one');
    const src = sceneFolder(join(tmp, 'src1'), 'A');
    store.put('films', key, '1970-script', (data) => sceneFolder(data, 'A'));
    const target = sceneFolder(join(tmp, 'proof', '1970-script'), 'old');
    writeFileSync(join(target, 'stale.json'), 'from an older render');
    expect(store.restoreDir('films', key, target)).toBe(true);
    expect(files(target)).toEqual(files(src));
    expect(readFileSync(join(target, 'summary.json'), 'utf8')).toBe(JSON.stringify({ tag: 'A' }));
    // No staging folder is left beside the target.
    expect(readdirSync(join(tmp, 'proof'))).toEqual(['1970-script']);
    const [entry] = store.list();
    expect(entry).toMatchObject({ kind: 'films', key, name: '1970-script', bytes: 'film A'.length + JSON.stringify({ tag: 'A' }).length + 'sheet A'.length });
  });

  it('a key that is not there restores nothing and leaves the target alone', () => {
    const store = openCache(join(tmp, 'c2'));
    const target = sceneFolder(join(tmp, 'proof2', 'x'), 'mine');
    expect(store.restoreDir('films', cacheKey('absent'), target)).toBe(false);
    expect(readFileSync(join(target, 'film.mp4'), 'utf8')).toBe('film mine');
  });

  it('an interrupted put leaves only a staging folder, which no reader trusts and the next run sweeps once its owner is gone', () => {
    const dir = join(tmp, 'c3');
    const key = cacheKey('interrupted');
    // A run killed in the middle of put: a child process stores half an entry and dies before the rename.
    const script = `
      import { openCache } from ${JSON.stringify(join(import.meta.dirname, 'store.ts'))};
      import { writeFileSync } from 'node:fs';
      import { join } from 'node:path';
      openCache(${JSON.stringify(dir)}).put('films', ${JSON.stringify(key)}, 'x', (data) => { writeFileSync(join(data, 'film.mp4'), 'half'); process.exit(9); });`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(9);
    const left = readdirSync(join(dir, 'films'));
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^\.stage-\d+-[0-9a-f]+$/);
    const store = openCache(dir);
    expect(store.lookup('films', key)).toBeNull();
    expect(store.list()).toEqual([]);
    expect(store.sweep()).toBe(1);
    expect(readdirSync(join(dir, 'films'))).toEqual([]);
  });

  it('does not sweep a staging folder whose owner is alive (another run still writing)', () => {
    const dir = join(tmp, 'c4');
    mkdirSync(join(dir, 'films', `.stage-${process.pid}-abc123`), { recursive: true });
    expect(openCache(dir).sweep()).toBe(0);
    expect(existsSync(join(dir, 'films', `.stage-${process.pid}-abc123`))).toBe(true);
  });

  it('trusts only a folder named by a key whose entry.json names that key', () => {
    const dir = join(tmp, 'c5');
    const store = openCache(dir);
    const key = cacheKey('renamed by hand');
    store.put('films', key, 'x', (data) => writeFileSync(join(data, 'f'), '1'));
    const other = cacheKey('another');
    // An entry copied to another key's name is not that key's entry.
    spawnSync('cp', ['-r', join(dir, 'films', key), join(dir, 'films', other)]);
    expect(store.lookup('films', other)).toBeNull();
    expect(store.lookup('films', key)).not.toBeNull();
    // A folder without entry.json (written by something else, or damaged) is not an entry either.
    rmSync(join(dir, 'films', key, 'entry.json'));
    expect(store.lookup('films', key)).toBeNull();
  });

  it('marks an entry used when it is looked up (prune goes by it)', () => {
    const store = openCache(join(tmp, 'c6'));
    const key = cacheKey('used');
    store.put('checks', key, 'check', (data) => writeFileSync(join(data, 'value.json'), '{}'));
    const meta = join(store.dir, 'checks', key, 'entry.json');
    utimesSync(meta, new Date(1000), new Date(1000));
    expect(store.list()[0].lastUsedMs).toBe(1000);
    store.lookup('checks', key);
    expect(store.list()[0].lastUsedMs).toBeGreaterThan(1000);
  });

  it('leaves a target that already is the entry\'s untouched copy in place, and restores one that was edited since', () => {
    const store = openCache(join(tmp, 'c7'));
    const key = cacheKey('in place');
    // Made a while ago (as a cold run's entry is by the time a warm run reads it).
    store.put('films', key, 's', (data) => {
      sceneFolder(data, 'A');
      utimesSync(join(data, 'film.mp4'), new Date(1e6), new Date(1e6));
    });
    const target = join(tmp, 'proof7', 's');
    store.restoreDir('films', key, target);
    const ino = statSync(target).ino;
    expect(store.restoreDir('films', key, target)).toBe(true);
    expect(statSync(target).ino).toBe(ino); // not copied again
    // An edit (same size, new content and time) is noticed, and the entry's bytes come back.
    writeFileSync(join(target, 'film.mp4'), 'film B');
    expect(store.restoreDir('films', key, target)).toBe(true);
    expect(statSync(target).ino).not.toBe(ino);
    expect(readFileSync(join(target, 'film.mp4'), 'utf8')).toBe('film A');
    // So is a file added beside the entry's.
    const ino2 = statSync(target).ino;
    writeFileSync(join(target, 'extra.json'), '{}');
    store.restoreDir('films', key, target);
    expect(statSync(target).ino).not.toBe(ino2);
    expect(existsSync(join(target, 'extra.json'))).toBe(false);
  });
});
