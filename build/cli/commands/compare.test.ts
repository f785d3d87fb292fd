import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { runEye } from '../../testing/run-eye.ts';
import { tempDir } from '../../testing/temp-dir.ts';
import { projectRoot } from '../../node/io/project-root.ts';
import type { CompareRecord } from '../../jobs/compare/node/run-compare.ts';
import { LABEL_HEIGHT_PX } from '../../jobs/compare/node/run-compare.ts';
import { panelNumbers } from '../../jobs/compare/core/panel-numbers.ts';
import { pixelSignal, pixelTraceFromJson } from '../../measure/pixels/pixel-trace.ts';

const root = projectRoot();
const tmp = tempDir('eye-compare-test-');
const cacheDir = join(tmp, 'cache');
// Small and short: 1970-script blinks once in its first 2 s (near frame 47).
const SCENE = '1970-script';
const W = 320;
const H = 180;
const SETTINGS = ['--duration', '2', '--size', `${W}x${H}`, '--cache-dir', cacheDir];

/** The clip decoded to 8-bit luma, frame by frame. */
function decodeLuma(file: string, width: number, height: number): Uint8Array[] {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'gray', '-'], { maxBuffer: 1 << 28 });
  const size = width * height;
  return Array.from({ length: raw.length / size }, (_, f) => new Uint8Array(raw.buffer, raw.byteOffset + f * size, size));
}

/** Mean luma of one panel's picture (not its label), per frame. */
function panelMeans(frames: Uint8Array[], clipWidth: number, panel: number): number[] {
  return frames.map((f) => {
    let s = 0;
    for (let y = 0; y < H; y++) for (let x = panel * W; x < (panel + 1) * W; x++) s += f[y * clipWidth + x];
    return s / (W * H);
  });
}

/** The largest frame-to-frame change of a panel (a blink's lid sweeping over the eye). */
const biggestJump = (m: number[]) => m.reduce((best, v, i) => (i > 0 && Math.abs(v - m[i - 1]) > Math.abs(m[best] - m[best - 1] || 0) ? i : best), 1);
/** Two panels' frame-by-frame difference: under the codec's noise for the same frames. */
const maxGap = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i])));
/** Identical panels: their means differ by the codec's noise only (~0.05 levels), far under a blink's 1.6 a frame. */
const SAME_PANEL_LEVELS = 0.2;

describe('eye compare: a scene against itself', () => {
  const clip = join(tmp, 'self.mp4');
  let run: { code: number; stdout: string; stderr: string };
  let record: CompareRecord;

  beforeAll(async () => {
    run = await runEye(['compare', SCENE, SCENE, ...SETTINGS, '--out', clip, '--json']);
    record = JSON.parse(run.stdout) as CompareRecord;
  });

  it('writes one H.264 clip, checked by ffprobe like a film, and its record beside it', () => {
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(clip)).toBe(true);
    expect(JSON.parse(readFileSync(clip.replace(/\.mp4$/, '.json'), 'utf8'))).toEqual(record);
    expect(record).toMatchObject({ width: 2 * W, height: H + LABEL_HEIGHT_PX, fps: 30, frames: 60 });
    expect(record.verdict.ok).toBe(true);
    expect(record.verdict.checks.map((c) => c.name)).toEqual(expect.arrayContaining(['codec', 'profile', 'pixFmt', 'colorSpace', 'frames', 'packets', 'moovBeforeMdat']));
  });

  it('shows the same blink on the same frame in every panel: the panels are identical frame by frame', () => {
    const frames = decodeLuma(clip, record.width, record.height);
    expect(frames).toHaveLength(60);
    const a = panelMeans(frames, record.width, 0);
    const b = panelMeans(frames, record.width, 1);
    expect(maxGap(a, b)).toBeLessThan(SAME_PANEL_LEVELS);
    const blink = biggestJump(a);
    expect(biggestJump(b)).toBe(blink);
    expect(Math.abs(a[blink] - a[blink - 1])).toBeGreaterThan(5 * SAME_PANEL_LEVELS);
    // The check would catch a panel one frame late (the deliberately bad input): the blink then differs.
    const late = [b[0], ...b.slice(0, -1)];
    expect(maxGap(a, late)).toBeGreaterThan(SAME_PANEL_LEVELS);
    expect(biggestJump(late)).not.toBe(blink);
  });

  it('keeps an unchanged clip: the same command again composes nothing and leaves the file as it was', async () => {
    const before = statSync(clip).mtimeMs;
    const again = await runEye(['compare', SCENE, SCENE, ...SETTINGS, '--out', clip, '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('unchanged');
    // Kept by its inputs key: no panel was rendered or even restored from the cache.
    expect(again.stderr).not.toMatch(/cached \(rendered at|ms\/frame/);
    expect(statSync(clip).mtimeMs).toBe(before);
    expect(JSON.parse(again.stdout)).toEqual(record);
    expect(record.inputsKey).toMatch(/^[0-9a-f]{64}$/);
    expect(record.sha256).toMatch(/^[0-9a-f]{64}$/);
    // --force composes it again (same key: the same films, labels and arguments).
    const forced = await runEye(['compare', SCENE, SCENE, ...SETTINGS, '--out', clip, '--json', '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).not.toContain('unchanged');
    expect((JSON.parse(forced.stdout) as CompareRecord).key).toBe(record.key);
    expect((JSON.parse(forced.stdout) as CompareRecord).inputsKey).toBe(record.inputsKey);
  });

  it('makes a clip again whose bytes changed since it was written (the deliberately bad input), though ffprobe may pass them', async () => {
    const bytes = readFileSync(clip);
    writeFileSync(clip, Buffer.concat([bytes, Buffer.from('x')]));
    const again = await runEye(['compare', SCENE, SCENE, ...SETTINGS, '--out', clip, '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('unchanged');
    expect(readFileSync(clip).equals(bytes)).toBe(true);
  });

  it('labels each panel with the numbers its own pixels measure (pixels.json), and draws them', async () => {
    // The same panel as eye render makes it: restored from the cache the compare filled, so the same pixels.
    const out = join(tmp, 'render');
    const r = await runEye(['render', SCENE, ...SETTINGS, '--out', out, '--no-ledger']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('cached');
    const pixels = pixelTraceFromJson(JSON.parse(readFileSync(join(out, SCENE, 'pixels.json'), 'utf8')));
    const measured = panelNumbers(pixelSignal(pixels));
    for (const p of record.panels) {
      expect(p.numbers).toEqual(measured);
      expect(p.label[0]).toBe(SCENE);
      expect(p.label[1]).toContain(`saccades ${measured.saccadesPerS.toFixed(2)}/s`);
      expect(p.label[1]).toContain(`micro ${measured.microsaccadesPerS.toFixed(2)}/s`);
      expect(p.label[1]).toMatch(/fixation (≥ )?\d+ ms/);
      expect(p.label[1]).toContain(`(${measured.blinkEpisodes} blink`);
    }
    expect(measured.blinkEpisodes).toBe(1);
    // The strip under each panel carries text: light pixels on black.
    const [first] = decodeLuma(clip, record.width, record.height);
    for (const panel of [0, 1]) {
      let light = 0;
      for (let y = H; y < H + LABEL_HEIGHT_PX; y++) for (let x = panel * W; x < (panel + 1) * W; x++) if (first[y * record.width + x] > 128) light++;
      expect(light).toBeGreaterThan(100);
    }
  });
});

describe('eye compare --presets: one scene as several presets', () => {
  it('renders the scene as each preset, in the order given; the still eye measures no saccade and no blink', async () => {
    const clip = join(tmp, 'presets.mp4');
    const r = await runEye(['compare', SCENE, '--presets', 'none,tuned', ...SETTINGS, '--out', clip, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const record = JSON.parse(r.stdout) as CompareRecord;
    // Every variant keeps the scene file's own seed.
    const { seed } = JSON.parse(readFileSync(join(root, 'scenes', `${SCENE}.json`), 'utf8')) as { seed: number };
    expect(record.panels.map((p) => [p.label[0], p.preset, p.seed])).toEqual([
      [`${SCENE} (none)`, 'none', seed],
      [`${SCENE} (tuned)`, 'tuned', seed],
    ]);
    expect(record.panels[0].numbers).toMatchObject({ saccadesPerS: 0, blinkEpisodes: 0 });
    expect(record.panels[1].numbers.blinkEpisodes).toBe(1);
  });
});

describe('eye compare: a panel that is a proof film already made', () => {
  it('is made from that film, scaled, not rendered again; its label is that film\'s pixels; a panel with no such film is rendered (a still one: its few frames)', async () => {
    // A scene file whose own size is 320x180: its proof film, then a clip of it at 160x160 panels.
    const file = join(tmp, 'small-1970.json');
    const { $schema: _s, $comment: _c, ...fields } = JSON.parse(readFileSync(join(root, 'scenes', `${SCENE}.json`), 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...fields, width: W, height: H }));
    const proof = join(tmp, 'proof-small');
    // A cache of its own: the other tests' renders at 320x180 are the same films (a key has no name).
    const cache = join(tmp, 'cache-small');
    const made = await runEye(['render', file, '--duration', '2', '--out', proof, '--cache-dir', cache, '--no-ledger']);
    expect(made.code, made.stderr).toBe(0);
    const clip = join(tmp, 'from-proof.mp4');
    const r = await runEye(['compare', file, '--presets', 'none,tuned', '--duration', '2', '--size', `${W / 2}x${H / 2}`, '--cache-dir', cache, '--out', clip, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const record = JSON.parse(r.stdout) as CompareRecord;
    // The none panel holds still: the least film a render makes (3 frames), looped; the tuned one is the proof film.
    expect(record.panels[0].note).toBe('holds still: 3 frames rendered and looped for 60, its numbers from their pixels repeated');
    expect(record.panels[1].note).toBe(`made from the proof film at ${W}x${H}, scaled`);
    // Only the none panel was rendered; the tuned one was restored from the proof film's entry.
    expect(r.stderr).toMatch(/small-1970-none: 3 frames 160x90@30, [\d.]+ ms\/frame/);
    expect(record.frames).toBe(60);
    expect(r.stderr).toMatch(/small-1970: 60 frames 320x180@30, cached/);
    const pixels = JSON.parse(readFileSync(join(proof, 'small-1970', 'pixels.json'), 'utf8')) as unknown;
    expect(record.panels[1].numbers).toEqual(panelNumbers(pixelSignal(pixelTraceFromJson(pixels))));
    expect([record.width, record.height]).toEqual([2 * (W / 2), H / 2 + LABEL_HEIGHT_PX]);
    // Its panels' era spreads are computed in its own --cache-dir (3 × 10 min simulated each): more than the default on a busy machine.
  }, 300_000);
});

describe('eye compare: bad input', () => {
  it('refuses panels at different frame rates (exit 2, naming each rate), and writes nothing', async () => {
    const scene = JSON.parse(readFileSync(join(root, 'scenes', `${SCENE}.json`), 'utf8')) as Record<string, unknown>;
    const file = join(tmp, '1970-at-24.json');
    writeFileSync(file, JSON.stringify({ ...scene, $schema: undefined, fps: 24 }));
    const out = join(tmp, 'mismatch.mp4');
    const r = await runEye(['compare', SCENE, file, ...SETTINGS, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/one frame rate.*1970-script 30 fps, 1970-at-24 24 fps.*--fps/);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses one scene without --rev or --presets, and an unknown revision', async () => {
    const one = await runEye(['compare', SCENE, ...SETTINGS]);
    expect(one.code).toBe(2);
    expect(one.stderr).toMatch(/expected 2 to 12 scenes \(or one with --rev or --presets\), got 1/);
    const rev = await runEye(['compare', SCENE, '--rev', 'no-such-rev-xyz', ...SETTINGS]);
    expect(rev.code).toBe(2);
    expect(rev.stderr).toMatch(/--rev: expected a commit of this repository .*got "no-such-rev-xyz"/);
  });
});

describe('eye compare --rev: one scene at two revisions', () => {
  it('renders the scene as a commit before a change to its motion, beside the change: the labels differ', async () => {
    // A throwaway repository: this checkout's files as a first commit, then 1970's reading fixations
    // lengthened (750 → 2000 ms: a shorter table value would sit under the calm cap's floor) as a second.
    const repo = tempDir('eye-compare-rev-');
    const files = execFileSync('git', ['-C', root, 'ls-files', '-z', '-co', '--exclude-standard']);
    execFileSync('tar', ['--null', '-T', '-', '-cf', join(repo, '.files.tar')], { cwd: root, input: files });
    execFileSync('tar', ['-xf', '.files.tar'], { cwd: repo });
    execFileSync('rm', [join(repo, '.files.tar')]);
    symlinkSync(realpathSync(join(root, 'node_modules')), join(repo, 'node_modules'));
    const git = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.name=test', '-c', 'user.email=test@example.invalid', ...args], { stdio: 'pipe' });
    git('init', '-q');
    writeFileSync(join(repo, '.git', 'info', 'exclude'), 'node_modules\n');
    git('add', '-A');
    git('commit', '-qm', 'base');
    const gazeFile = join(repo, 'build', 'model', 'eras', 'era-gaze.ts');
    const before = readFileSync(gazeFile, 'utf8');
    const after = before.replace(/('1970': \{\s*pattern: \{\s*kind: 'read',\s*fixMs: )750/, (_m, head: string) => `${head}2000`);
    expect(after).not.toBe(before);
    writeFileSync(gazeFile, after);
    git('commit', '-qam', 'longer fixations');
    execFileSync(process.execPath, ['build/tools/bundle.mjs'], { cwd: repo, stdio: 'pipe' });

    const eye = async (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
      try {
        const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(repo, 'bin', 'eye.js'), ...args], { cwd: repo, maxBuffer: 1 << 26 });
        return { code: 0, stdout, stderr };
      } catch (err) {
        return err as { code: number; stdout: string; stderr: string };
      }
    };
    // The change rendered with the ledger on: a line at HEAD for the working tree's panel to be held to.
    const rendered = await eye('render', SCENE, ...SETTINGS, '--out', join(repo, 'proof'));
    expect(rendered.code, rendered.stderr).toBe(0);
    const clip = join(repo, 'rev.mp4');
    const r = await eye('compare', SCENE, '--rev', 'HEAD~1', ...SETTINGS, '--out', clip, '--json');
    expect(r.code, r.stderr).toBe(0);
    const record = JSON.parse(r.stdout) as CompareRecord;
    const base = git('rev-parse', '--short', 'HEAD~1').toString().trim();
    expect(record.panels.map((p) => p.label[0])).toEqual([`${SCENE} @ ${base}`, `${SCENE} @ working tree`]);
    expect(record.panels[0].revision).toBe(base);
    // Longer fixations: fewer saccades a second, and the labels say so.
    expect(record.panels[1].numbers.saccadesPerS).toBeLessThan(record.panels[0].numbers.saccadesPerS);
    expect(record.panels[1].label[1]).not.toBe(record.panels[0].label[1]);
    expect(record.verdict.ok).toBe(true);
    // Each label against the ledger: none at the base commit (said, not passed); the change's line agrees.
    const head = git('rev-parse', 'HEAD').toString().trim();
    expect(record.panels[0].ledger).toMatchObject({ line: null, agree: null });
    expect(r.stderr).toContain(`ledger: no render line at ${base.slice(0, 7)} holds ${SCENE} at ${W}x${H}, 2 s, 30 fps`);
    expect(record.panels[1].ledger.agree).toBe(true);
    expect(record.panels[1].ledger.line?.revision).toBe(head);
    expect(record.panels[1].ledger.metrics.map((m) => m.label)).toEqual(record.panels[1].ledger.metrics.map((m) => m.ledger));
    // A ledger whose line was tampered with (the deliberately bad input): the label DIFFERS, named.
    const tampered = join(repo, 'tampered.jsonl');
    writeFileSync(tampered, readFileSync(join(repo, 'ledger.jsonl'), 'utf8').replace(/"pixel\.meanFixationMs":[0-9.]+/g, '"pixel.meanFixationMs":1'));
    const bad = await eye('compare', SCENE, '--rev', 'HEAD~1', ...SETTINGS, '--out', clip, '--json', '--ledger-file', tampered);
    expect(bad.code, bad.stderr).toBe(0);
    expect((JSON.parse(bad.stdout) as CompareRecord).panels[1].ledger.agree).toBe(false);
    expect(bad.stderr).toMatch(/the label DIFFERS from its line of .*: meanFixationMs label [0-9.]+ ≠ ledger 1/);
    // The temporary worktree is gone, and git has forgotten it.
    expect(git('worktree', 'list').toString().trim().split('\n')).toHaveLength(1);
  }, 300_000);
});

describe('eye clips: the review clips in one process', () => {
  it("makes an era's none / generic / tuned clip from its own scene files, keeps it on a second run, and refuses an era without a script scene", async () => {
    const out = join(tmp, 'clips');
    const first = await runEye(['clips', '--eras', '1970', '--size', `${W}x${H}`, '--duration', '2', '--cache-dir', cacheDir, '--out', out]);
    expect(first.code, first.stderr).toBe(0);
    const record = JSON.parse(readFileSync(join(out, '1970-none-generic-tuned.json'), 'utf8')) as CompareRecord;
    expect(record.panels.map((p) => p.scene)).toEqual(['1970-script-none', '1970-script-generic', '1970-script']);
    expect(record.verdict.ok).toBe(true);
    // One era: no tile.
    expect(existsSync(join(out, 'eras-tuned.mp4'))).toBe(false);
    const again = await runEye(['clips', '--eras', '1970', '--size', `${W}x${H}`, '--duration', '2', '--cache-dir', cacheDir, '--out', out]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('unchanged');
    expect(again.stderr).not.toMatch(/ms\/frame/);
    const bad = await runEye(['clips', '--eras', '1960', '--out', out]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('no script scene for era 1960');
    // Its panels' era spreads are computed in its own --cache-dir (3 × 10 min simulated each): more than the default on a busy machine.
  }, 300_000);
});
