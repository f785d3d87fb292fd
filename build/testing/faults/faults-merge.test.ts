import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashTree } from '../../node/io/tree-hashes.ts';
import { projectRoot } from '../../node/io/project-root.ts';
import type { ShardManifest } from '../../jobs/shard/node/shard-manifest.ts';
import { runEye } from '../run-eye.ts';
import { craftShard, type ShardFixture } from '../shard-fixture.ts';
import { tempDir } from '../temp-dir.ts';

// Issue 19, item 1: a shard artifact is someone else's file. Each case is a shard folder crafted as
// `eye render --shard` leaves it (real tiny films, hashes recorded), then made hostile or damaged.
const tmp = tempDir('eye-faults-merge-');
let n = 0;
const fresh = () => join(tmp, `case-${++n}`);
const one = (root: string, scenes: string[], o: ShardFixture = {}) => craftShard(root, 1, 1, scenes, scenes, o);
const merge = (dir: string, out: string) => runEye(['merge', dir, '--out', out, '--no-ledger']);
const lines = (s: string) => s.trim().split('\n').filter(Boolean);

/** What a refused merge must leave: exit 2, one line, nothing in --out (no scene, no staging). */
function refused(r: Awaited<ReturnType<typeof runEye>>, out: string, message: RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  expect(lines(r.stderr)).toHaveLength(1);
  expect(r.stderr).toMatch(message);
  expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
}

describe('faults: eye merge of hostile or damaged shards', () => {
  it('a manifest scene name x/../../scenes is refused (it replaced the folder beside --out and exited 0)', async () => {
    const root = fresh();
    mkdirSync(join(root, 'scenes'), { recursive: true });
    writeFileSync(join(root, 'scenes', 'keep.json'), '{}');
    const dir = one(root, ['a'], {
      manifest: (m) => {
        m.allScenes = ['x/../../scenes'];
        m.scenes = ['x/../../scenes'];
        m.digests = { 'x/../../scenes': 'digest-a' };
      },
    });
    const r = await merge(dir, join(root, 'proof'));
    refused(r, join(root, 'proof'), /allScenes: "x\/\.\.\/\.\.\/scenes" is not a scene name/);
    expect(readdirSync(join(root, 'scenes'))).toEqual(['keep.json']);
  });

  it('a ledger line naming a scene outside the rule is refused', async () => {
    const root = fresh();
    const dir = one(root, ['a'], { manifest: (m) => void (m.ledger.scenes[0].scene = '../a') });
    refused(await merge(dir, join(root, 'proof')), join(root, 'proof'), /ledger\.scenes: "\.\.\/a" is not a scene name/);
  });

  it('symlinks inside a scene folder (to /etc/passwd, to /etc) are refused, not copied as links', async () => {
    const root = fresh();
    const dir = one(root, ['a'], {
      after: (_s, folder) => {
        symlinkSync('/etc/passwd', join(folder, 'passwd'));
        symlinkSync('/etc', join(folder, 'etc'));
      },
    });
    refused(await merge(dir, join(root, 'proof')), join(root, 'proof'), /scene a in .*: etc is a symlink or a device, not a regular file/);
  });

  it('a corrupt trace.json is refused: changed after its hash was recorded, or recorded broken', async () => {
    const root = fresh();
    const dir = one(root, ['a'], { after: (_s, folder) => writeFileSync(join(folder, 'trace.json'), '{broken') });
    refused(await merge(dir, join(root, 'proof')), join(root, 'proof'), /trace\.json is not the file it recorded/);
    const root2 = fresh();
    const dir2 = one(root2, ['a'], {
      after: (s, folder) => writeFileSync(join(folder, 'trace.json'), '{broken'),
      manifest: (m) => void (m.files.a = hashTree(join(root2, 'shard-1', 'a'))),
    });
    refused(await merge(dir2, join(root2, 'proof')), join(root2, 'proof'), /trace\.json is not valid JSON/);
  });

  it('a film cut to 100 bytes is refused: by its hash, and by ffprobe when the hash was recorded for the cut film', async () => {
    const root = fresh();
    const dir = one(root, ['a'], { after: (_s, folder) => truncateSync(join(folder, 'film.mp4'), 100) });
    refused(await merge(dir, join(root, 'proof')), join(root, 'proof'), /film\.mp4 is not the file it recorded/);
    const root2 = fresh();
    const dir2 = one(root2, ['a'], {
      after: (_s, folder) => truncateSync(join(folder, 'film.mp4'), 100),
      manifest: (m) => void (m.files.a = hashTree(join(root2, 'shard-1', 'a'))),
    });
    refused(await merge(dir2, join(root2, 'proof')), join(root2, 'proof'), /film\.mp4 does not read as a film|film\.mp4 is not the film its summary describes/);
  });

  it('a file the shard did not record is refused', async () => {
    const root = fresh();
    const dir = one(root, ['a'], { after: (_s, folder) => writeFileSync(join(folder, 'extra.html'), '<script>') });
    refused(await merge(dir, join(root, 'proof')), join(root, 'proof'), /extra\.html is not one of its files/);
  });

  it('a scene folder that is itself a symlink is exit 2 in one line, and no other scene is merged (it was exit 4 with a stack after others were)', async () => {
    const root = fresh();
    const dir = one(root, ['a', 'b'], {
      // Moved out and linked back: the same files, reached through a link.
      after: (s, folder) => {
        if (s !== 'b') return;
        renameSync(folder, join(root, 'elsewhere-b'));
        symlinkSync(join(root, 'elsewhere-b'), folder);
      },
    });
    refused(await merge(dir, join(root, 'proof')), join(root, 'proof'), /scene b in .* is a symlink/);
  });

  it('a failure on the last scene publishes none: the merge is staged whole and published at the end', async () => {
    const root = fresh();
    const out = join(root, 'proof');
    mkdirSync(join(out, 'a'), { recursive: true });
    writeFileSync(join(out, 'a', 'old.txt'), 'the previous run');
    const dir = one(root, ['a', 'b', 'c'], { after: (s, folder) => s === 'c' && truncateSync(join(folder, 'film.mp4'), 100) });
    const r = await merge(dir, out);
    expect(r.code, r.stderr).toBe(2);
    expect(readdirSync(out)).toEqual(['a']);
    expect(readdirSync(join(out, 'a'))).toEqual(['old.txt']);
  });

  it('a dead merge\'s staging folder (its pid gone), and an older eye\'s pid-less one, are swept by the next merge', async () => {
    const root = fresh();
    const out = join(root, 'proof');
    mkdirSync(join(out, '.merge.tmp-999999-abcdef'), { recursive: true });
    writeFileSync(join(out, '.merge.tmp-999999-abcdef', 'film.mp4'), 'half');
    // And what an older eye merge left (no pid: the 401 MB the issue found).
    mkdirSync(join(out, '.a.merge-Ab12Cd'));
    writeFileSync(join(out, '.a.merge-Ab12Cd', 'film.mp4'), 'half');
    const r = await merge(one(root, ['a']), out);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(out)).toEqual(['a']);
  });

  it('SIGINT mid-merge: one line, exit 130, no staging folder left', async () => {
    const root = fresh();
    const out = join(root, 'proof');
    // Three scenes with 60 MB of stills each: long enough to be interrupted while staging.
    const dir = one(root, ['a', 'b', 'c'], { after: (_s, folder) => writeFileSync(join(folder, 'stills', 'big.png'), Buffer.alloc(60 << 20, 7)) });
    const m = JSON.parse(readFileSync(join(dir, 'shard-1-of-1.json'), 'utf8')) as ShardManifest;
    for (const s of ['a', 'b', 'c']) m.files[s] = hashTree(join(dir, s));
    writeFileSync(join(dir, 'shard-1-of-1.json'), JSON.stringify(m));
    const child = spawn(process.execPath, [join(projectRoot(), 'bin', 'eye.js'), 'merge', dir, '--out', out, '--no-ledger'], { cwd: projectRoot() });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = new Promise<number | null>((done) => child.on('exit', (c) => done(c)));
    for (let i = 0; i < 2000 && !(existsSync(out) && readdirSync(out).some((f) => f.startsWith('.merge.tmp-'))); i++) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGINT');
    expect(await code, stderr).toBe(130);
    expect(lines(stderr)).toHaveLength(1);
    expect(stderr).toMatch(/interrupted \(SIGINT\)/);
    expect(readdirSync(out)).toEqual([]);
  });
});
