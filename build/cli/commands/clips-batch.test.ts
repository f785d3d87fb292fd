import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEye } from '../../testing/run-eye.ts';
import { tempDir } from '../../testing/temp-dir.ts';
import type { CompareRecord } from '../../jobs/compare/node/run-compare.ts';

const tmp = tempDir('eye-clips-batch-');
// Two eras, tiny and short: 1970's and 1981's clips (none held, generic, tuned) and the tile of their tuned panels.
const SIZE = ['--size', '128x72', '--duration', '1'];
const record = (file: string) => JSON.parse(readFileSync(file.replace(/\.mp4$/, '.json'), 'utf8')) as CompareRecord;
/** The scene names whose render finished here (a "N frames WxH@F, X ms/frame" line), and those restored ("cached"). */
const finished = (stderr: string, how: 'rendered' | 'cached') =>
  stderr
    .split('\n')
    .flatMap((l) => {
      const m = /^([\w-]+): \d+ frames \d+x\d+@\d+, (cached|[\d.]+ ms\/frame)/.exec(l);
      return m && (m[2] === 'cached') === (how === 'cached') ? [m[1]] : [];
    })
    .sort();

describe('eye clips renders its panels in one batch', () => {
  it('each panel once, before any clip, which then restores it: the same clip bytes as eye compare makes alone', async () => {
    const out = join(tmp, 'clips');
    const r = await runEye(['clips', '--eras', '1970,1981', ...SIZE, '--tile-size', '96x54', '--cache-dir', join(tmp, 'cache'), '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    // The batch: each era's none (held: its 3 frames), generic and tuned panels, each rendered once.
    const panels = ['1970-script', '1970-script-generic', '1970-script-none', '1981-script', '1981-script-generic', '1981-script-none'];
    expect(finished(r.stderr, 'rendered')).toEqual(panels);
    // Every clip's own compare restored its panels (the tile's are the era clips' tuned ones).
    expect(finished(r.stderr, 'cached')).toEqual([...panels, '1970-script', '1981-script'].sort());
    const lines = r.stderr.split('\n');
    const lastRender = Math.max(...lines.flatMap((l, i) => (/ ms\/frame/.test(l) && !/cached/.test(l) ? [i] : [])));
    const firstClip = lines.findIndex((l) => l.startsWith('compare: '));
    expect(lastRender).toBeLessThan(firstClip);
    expect(readdirSync(out).filter((f) => f.endsWith('.mp4')).sort()).toEqual(['1970-none-generic-tuned.mp4', '1981-none-generic-tuned.mp4', 'eras-tuned.mp4']);

    // eye compare alone, in a cache of its own, renders the clip's panels itself: the same clip.
    const alone = join(tmp, 'alone.mp4');
    const c = await runEye(['compare', '1970-script-none', '1970-script-generic', '1970-script', ...SIZE, '--cache-dir', join(tmp, 'cache-alone'), '--out', alone]);
    expect(c.code, c.stderr).toBe(0);
    expect(readFileSync(alone).equals(readFileSync(join(out, '1970-none-generic-tuned.mp4')))).toBe(true);
    expect(record(alone).key).toBe(record(join(out, '1970-none-generic-tuned.mp4')).key);
  }, 600_000);

  it('renders nothing for a clip its compare will refuse: a symlink where the clip goes exits 3 before any frame', async () => {
    const out = join(tmp, 'refused');
    mkdirSync(out, { recursive: true });
    const target = join(tmp, 'not-a-clip.txt');
    symlinkSync(target, join(out, '1970-none-generic-tuned.mp4'));
    const r = await runEye(['clips', '--eras', '1970', ...SIZE, '--cache-dir', join(tmp, 'cache-refused'), '--out', out]);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/is not a regular file: refusing to replace it/);
    expect(r.stderr).not.toMatch(/ms\/frame/);
  }, 120_000);
});
