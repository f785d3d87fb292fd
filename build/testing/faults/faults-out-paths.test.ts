import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../errors/exit.ts';
import { publishDir } from '../../node/io/publish-dir.ts';
import { SCENES_DIR } from '../../node/io/load-scene.ts';
import { runEye } from '../run-eye.ts';
import { tempDir } from '../temp-dir.ts';
import { tinyFilm } from '../tiny-film.ts';

// Issue 19, item 2: an output replaces nothing but a regular file or a folder it owns, and is never
// written into a cache entry or another scene's folder; no scene may take a name the project writes under proof/.
const tmp = tempDir('eye-faults-out-');
let n = 0;
const fresh = () => {
  const d = join(tmp, `case-${++n}`);
  mkdirSync(d, { recursive: true });
  return d;
};
const lines = (s: string) => s.trim().split('\n').filter(Boolean);

/** Something at `path` that is not a regular file: a character device as root (a copy of /dev/null's numbers, in a temp folder), else a fifo. */
function special(path: string): string {
  execFileSync(process.getuid?.() === 0 ? 'mknod' : 'mkfifo', process.getuid?.() === 0 ? [path, 'c', '1', '3'] : [path]);
  return lstatSync(path).isCharacterDevice() ? 'device' : 'fifo';
}
const kindOf = (path: string) => {
  const st = lstatSync(path);
  return st.isCharacterDevice() ? 'device' : st.isFIFO() ? 'fifo' : st.isFile() ? 'file' : 'other';
};

/** Exit 3, one line "… is not a regular file", and the thing still what it was. */
async function refusesSpecial(args: (out: string) => string[], name: string): Promise<void> {
  const out = join(fresh(), name);
  const kind = special(out);
  const r = await runEye(args(out));
  expect(r.code, r.stderr).toBe(3);
  expect(lines(r.stderr)).toHaveLength(1);
  expect(r.stderr).toMatch(/is not a regular file: refusing to replace it/);
  expect(kindOf(out)).toBe(kind);
}

describe('faults: outputs never replace anything but a regular file, nor land in what others own', () => {
  it('eye export-arkit --out a device node or fifo is exit 3 and leaves it (it became a regular file)', async () => {
    await refusesSpecial((out) => ['export-arkit', '1970-script', '--duration', '1', '--out', out], 'full');
  });

  it('eye look --out a device node is exit 3 and leaves it', async () => {
    const film = tinyFilm(join(fresh(), 'film.mp4'));
    await refusesSpecial((out) => ['look', film, '--at', '0.1s', '--out', out], 'still.png');
  });

  it('eye compare --out a device node is exit 3 before rendering anything', async () => {
    await refusesSpecial((out) => ['compare', '1970-script', '2026-rest', '--duration', '0.5', '--size', '320x180', '--no-cache', '--out', out], 'clip.mp4');
  });

  it('a symlink where a scene folder is published is exit 3 and stays (publishing renamed it away and deleted it)', () => {
    const d = fresh();
    mkdirSync(join(d, 'elsewhere'));
    symlinkSync(join(d, 'elsewhere'), join(d, 'scene'));
    mkdirSync(join(d, '.scene.tmp-1'));
    let err: unknown;
    try {
      publishDir(join(d, '.scene.tmp-1'), join(d, 'scene'));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(3);
    expect((err as Error).message).toMatch(/scene is not a folder \(a symlink\): refusing to replace it/);
    expect(lstatSync(join(d, 'scene')).isSymbolicLink()).toBe(true);
  });

  // The CLI for the case the issue found and a few of the rest (the rule's own list is in scene-name.ts).
  for (const name of ['live', 'index.html', 'Live', 'shard-1-of-2.json']) {
    it(`a scene file named ${name}.json is refused before anything is written (live.json deleted proof/live/index.html)`, async () => {
      const d = fresh();
      const proof = join(d, 'proof');
      mkdirSync(join(proof, 'live'), { recursive: true });
      writeFileSync(join(proof, 'live', 'index.html'), '<html>live</html>');
      copyFileSync(join(SCENES_DIR, '1970-script.json'), join(d, `${name}.json`));
      const r = await runEye(['render', join(d, `${name}.json`), '--duration', '0.5', '--size', '320x180', '--no-cache', '--no-ledger', '--out', proof]);
      expect(r.code, r.stderr).toBe(2);
      expect(lines(r.stderr)).toHaveLength(1);
      expect(r.stderr).toMatch(/a scene name other than live, check, compare, arkit, picture/);
      expect(readdirSync(proof)).toEqual(['live']);
      expect(readFileSync(join(proof, 'live', 'index.html'), 'utf8')).toBe('<html>live</html>');
    });
  }

  it("eye render --out inside another scene's folder is exit 2 and writes nothing there", async () => {
    const d = fresh();
    const other = join(d, 'proof', '1981-script');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'summary.json'), '{}');
    tinyFilm(join(other, 'film.mp4'));
    const r = await runEye(['render', '1970-script', '--duration', '0.5', '--size', '320x180', '--no-cache', '--no-ledger', '--out', other]);
    expect(r.code, r.stderr).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/is inside a scene's folder/);
    expect(readdirSync(other).sort()).toEqual(['film.mp4', 'summary.json']);
  });

  it('--out inside a cache entry is exit 2 and the entry is unchanged (export-arkit wrote into it; --cache-dir inside one too)', async () => {
    const d = fresh();
    const entry = join(d, 'cache', 'films', '0123456789abcdef0123456789abcdef');
    mkdirSync(join(entry, 'data'), { recursive: true });
    writeFileSync(join(entry, 'entry.json'), '{}');
    const a = await runEye(['export-arkit', '1970-script', '--duration', '1', '--out', join(entry, 'data', 'x.csv')]);
    expect(a.code, a.stderr).toBe(2);
    expect(a.stderr).toMatch(/is inside a cache entry/);
    const b = await runEye(['render', '1970-script', '--duration', '0.5', '--size', '320x180', '--no-ledger', '--out', join(d, 'proof'), '--cache-dir', join(entry, 'data')]);
    expect(b.code, b.stderr).toBe(2);
    expect(b.stderr).toMatch(/--cache-dir .* is inside a cache entry/);
    expect(readdirSync(join(entry, 'data'))).toEqual([]);
    expect(existsSync(join(d, 'proof')) ? readdirSync(join(d, 'proof')) : []).toEqual([]);
  });
});
