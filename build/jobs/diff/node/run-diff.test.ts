import { existsSync, readFileSync, renameSync, rmSync, symlinkSync, truncateSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../errors/exit.ts';
import { tempDir } from '../../../testing/temp-dir.ts';
import { FIXTURE_BLINKS, writeFixtureScene } from '../../../testing/diff-fixture.ts';
import { runEye } from '../../../testing/run-eye.ts';
import { LOCAL_DIFFERENCE, SSIM_FLOOR } from '../core/tolerances.ts';
import type { DiffResult } from '../core/diff-json.ts';
import type { PictureTools } from './picture-tools.ts';
import { runApprove } from './run-approve.ts';
import { MAX_BASELINE_BYTES } from './baseline-files.ts';
import { copyDir, openCache } from '../../cache/node/store.ts';
import { CLIP_POSTER, posterClipFrame, runDiff, type DiffOptions } from './run-diff.ts';
import { parseDiffFile } from '../../report/core/diff-file.ts';
import { sceneNameProblem } from '../../../scene/scene-name.ts';

/** The picture side faked: per-frame SSIM as given (1 where unchanged), stretches where it falls under the floor. */
function fakeTools(ssimOf: (frames: number) => number[], localOf: (frames: number) => number[] = (n) => Array.from({ length: n }, () => 2)): { tools: PictureTools; calls: string[] } {
  const calls: string[] = [];
  const tools: PictureTools = {
    async frameDifference() {
      calls.push('frameDifference');
      const ssim = ssimOf(120);
      return { ssim, psnrDb: ssim.map(() => 40) };
    },
    async localDifference() {
      calls.push('localDifference');
      return localOf(120);
    },
    changedStretches(ssim, { fps, ssimMin }) {
      calls.push('changedStretches');
      const low = ssim.flatMap((s, i) => (s < ssimMin ? [i] : []));
      if (!low.length) return [];
      return [{ startFrame: low[0], endFrame: low.at(-1)!, startS: low[0] / fps, endS: (low.at(-1)! + 1) / fps, minSsim: Math.min(...ssim) }];
    },
    async writeReviewClip(o) {
      calls.push(`writeReviewClip ${o.scenes.map((s) => s.scene).join(',')}`);
      writeFileSync(o.out, 'clip');
      let at = 0;
      return o.scenes.flatMap((s) =>
        s.stretches.map((st) => {
          const startFrame = Math.round(st.startS * o.fps);
          const frames = Math.round(st.endS * o.fps) - startFrame;
          at += frames;
          return { scene: s.scene, clipStartFrame: at - frames, startFrame, frames };
        }),
      );
    },
    async writeFilmStills(o) {
      calls.push('writeFilmStills');
      mkdirSync(o.outDir, { recursive: true });
      return o.timesS.map((t, i) => {
        const f = join(o.outDir, `${i}.webp`);
        writeFileSync(f, `still at ${t}`);
        return f;
      });
    },
  };
  return { tools, calls };
}

function setup() {
  const root = tempDir('eye-diff-');
  const proofDir = join(root, 'proof');
  const baselineDir = join(root, 'baseline');
  const cacheDir = join(root, 'cache');
  // Each baseline film in the cache, as a render stores it: approve records its key, diff finds it by that key.
  const store = openCache(cacheDir, () => undefined);
  for (const [i, s] of ['alpha', 'beta'].entries()) {
    const dir = writeFixtureScene(proofDir, s);
    store.put('films', String(i + 1).repeat(32), s, (data) => copyDir(dir, data));
  }
  runApprove([], { proofDir, baselineDir, cacheDir, why: 'the first baseline' });
  const opts = (tools?: PictureTools): DiffOptions => ({ proofDir, baselineDir, cacheDir, renderBaseline: false, clip: true, tools: tools ? async () => tools : async () => { throw new Error('no picture needed'); } });
  return { root, proofDir, baselineDir, opts };
}

const scene = (r: DiffResult, name: string) => r.scenes.find((s) => s.scene === name)!;

describe('eye diff against the baseline', () => {
  it('finds an unchanged tree unchanged from the frame hashes alone (no picture compared), approved, exit 0', async () => {
    const { opts, proofDir } = setup();
    const { result, code } = await runDiff([], opts());
    expect(code).toBe(EXIT.ok);
    expect(result.scenes.map((s) => [s.scene, s.verdict, s.approved, s.why])).toEqual([
      ['alpha', 'unchanged', true, 'the first baseline'],
      ['beta', 'unchanged', true, 'the first baseline'],
    ]);
    expect(JSON.parse(readFileSync(join(proofDir, 'diff', 'diff.json'), 'utf8'))).toEqual(result);
  });

  it('reads no film, no trace and no cache for an unchanged scene: summary.json and the baseline alone', async () => {
    const { opts, proofDir } = setup();
    for (const s of ['alpha', 'beta']) for (const f of ['film.mp4', 'trace.json']) rmSync(join(proofDir, s, f), { force: true });
    const { result, code } = await runDiff([], { ...opts(), cacheDir: join(proofDir, 'no-cache-here') });
    expect(code).toBe(EXIT.ok);
    expect(result.scenes.map((s) => s.verdict)).toEqual(['unchanged', 'unchanged']);
    expect(existsSync(join(proofDir, 'no-cache-here'))).toBe(false);
  });

  it('fails a deliberately changed eye (its blink 80 ms later) with exit 1: the blink moved, the stretch, the clip of only that scene', async () => {
    const { opts, proofDir } = setup();
    writeFixtureScene(proofDir, 'beta', { blinks: [{ startMs: FIXTURE_BLINKS[0].startMs + 80 }], changedFrames: [72, 73, 74, 75, 76, 77, 78, 79, 80] });
    const { tools, calls } = fakeTools((n) => Array.from({ length: n }, (_, i) => (i >= 72 && i <= 80 ? 0.9 : 1)));
    const { result, code } = await runDiff([], opts(tools));
    expect(code).toBe(EXIT.assertionFailed);
    const b = scene(result, 'beta');
    expect(b).toMatchObject({ verdict: 'beyond', approved: false, firstDifferentFrame: 72, events: { moved: 1, added: 0, removed: 0 }, minSsim: 0.9 });
    expect(b.events.list[0]).toMatchObject({ kind: 'blink', change: 'moved' });
    expect(b.events.list[0].shiftMs).toBeGreaterThan(60);
    expect(b.stretches).toEqual([{ startS: 72 / 30, endS: 81 / 30, minSsim: 0.9 }]);
    expect(b.reviewClip).toBe('diff/review.mp4');
    expect(b.baselineStills).toEqual(['diff/stills/beta/baseline/0.webp']);
    // Its poster: a still of the clip at the scene's first changed frame, and the clip's own beside it.
    expect(b.reviewPoster).toBe('diff/posters/beta/0.webp');
    expect(readFileSync(join(proofDir, b.reviewPoster!), 'utf8')).toBe('still at 0');
    expect(readFileSync(join(proofDir, 'diff', CLIP_POSTER), 'utf8')).toBe('still at 0');
    expect(scene(result, 'alpha').reviewPoster).toBeNull();
    expect(existsSync(join(proofDir, b.currentStills[0]))).toBe(true);
    expect(scene(result, 'alpha').verdict).toBe('unchanged');
    expect(calls.filter((c) => c.startsWith('writeReviewClip'))).toEqual(['writeReviewClip beta']);
    // The report's reader (build/jobs/report/core/diff-file.ts) takes what eye diff wrote, field for field.
    const written = JSON.parse(readFileSync(join(proofDir, 'diff', 'diff.json'), 'utf8'));
    expect(parseDiffFile(written, sceneNameProblem)).toEqual(written);
  });

  it('calls frames that differ by less than the SSIM floor, with the same events and numbers, within tolerance (exit 0)', async () => {
    const { opts, proofDir } = setup();
    writeFixtureScene(proofDir, 'alpha', { changedFrames: [3, 4] });
    const { tools, calls } = fakeTools((n) => Array.from({ length: n }, () => SSIM_FLOOR + 0.005));
    const { result, code } = await runDiff(['alpha'], opts(tools));
    expect(code).toBe(EXIT.ok);
    expect(scene(result, 'alpha')).toMatchObject({ verdict: 'within', stretches: [], reviewClip: null, events: { list: [] } });
    expect(calls).not.toContain('writeReviewClip alpha');
  });

  it('calls a small bright change (a dimmed catchlight: SSIM above the floor, a local difference past its limit) beyond, its frames a stretch', async () => {
    const { opts, proofDir } = setup();
    writeFixtureScene(proofDir, 'alpha', { changedFrames: [10, 11, 12] });
    const { tools } = fakeTools(
      (n) => Array.from({ length: n }, () => 0.995),
      (n) => Array.from({ length: n }, (_, i) => (i >= 10 && i <= 12 ? LOCAL_DIFFERENCE.levels + 5 : 3)),
    );
    const { result, code } = await runDiff(['alpha'], opts(tools));
    expect(code).toBe(EXIT.assertionFailed);
    expect(scene(result, 'alpha')).toMatchObject({ verdict: 'beyond', minSsim: 0.995, maxLocalDifference: LOCAL_DIFFERENCE.levels + 5, stretches: [{ startS: 10 / 30, endS: 13 / 30, minSsim: 0.995 }] });
  });

  it('calls a mean fixation moved past its allowance beyond', async () => {
    const { opts, proofDir } = setup();
    writeFixtureScene(proofDir, 'alpha', { changedFrames: [3], meanFixationMs: 900 });
    const { tools } = fakeTools((n) => Array.from({ length: n }, () => 0.999));
    const { result, code } = await runDiff(['alpha'], opts(tools));
    expect(code).toBe(EXIT.assertionFailed);
    expect(scene(result, 'alpha').metrics.find((m) => m.name === 'meanFixationMs')).toMatchObject({ baseline: 700, current: 900, p10: 500, p90: 1000, beyond: true });
  });

  it('is exit 0 once the change is approved, and the baseline keeps the reason', async () => {
    const { opts, proofDir, baselineDir, root } = setup();
    writeFixtureScene(proofDir, 'beta', { blinks: [{ startMs: 2600 }], changedFrames: [70] });
    runApprove(['beta'], { proofDir, baselineDir, cacheDir: join(root, 'cache'), why: 'the blink comes later now\n(on purpose)' });
    const { result, code } = await runDiff([], opts());
    expect(code).toBe(EXIT.ok);
    expect(scene(result, 'beta')).toMatchObject({ verdict: 'unchanged', approved: true, why: 'the blink comes later now\n(on purpose)' });
  });

  it('says new for a scene with no baseline and missing for one not rendered, both exit 1', async () => {
    const { opts, proofDir, baselineDir } = setup();
    writeFixtureScene(proofDir, 'gamma');
    expect((await runDiff(['gamma'], opts())).result.scenes[0]).toMatchObject({ verdict: 'new', approved: false });
    const other = { ...opts(), proofDir: join(baselineDir, '..', 'empty-proof') };
    const { result, code } = await runDiff(['alpha'], other);
    expect(result.scenes[0].verdict).toBe('missing');
    expect(code).toBe(EXIT.assertionFailed);
  });

  it('records the film key approve found in the cache, and calls a changed scene beyond when no baseline film is there to compare pictures with, saying so', async () => {
    const { opts, proofDir, baselineDir, root } = setup();
    expect(JSON.parse(readFileSync(join(baselineDir, 'beta.json'), 'utf8')).filmKey).toBe('2'.repeat(32));
    writeFixtureScene(proofDir, 'alpha', { changedFrames: [5] });
    const { result, code } = await runDiff(['alpha'], { ...opts(), cacheDir: join(root, 'empty-cache') });
    expect(code).toBe(EXIT.assertionFailed);
    expect(scene(result, 'alpha').verdict).toBe('beyond');
    expect(scene(result, 'alpha').notes.join(' ')).toMatch(/not in the cache/);
  });
});

describe('the review clip\'s poster frame', () => {
  it('is the clip frame of the first changed frame in the scene\'s first stretch (past its context), else the stretch\'s first', () => {
    const score = Array.from({ length: 120 }, (_, i) => (i >= 70 && i < 80 ? SSIM_FLOOR - 0.1 : 1));
    expect(posterClipFrame({ scene: 'a', clipStartFrame: 10, startFrame: 40, frames: 50 }, score)).toBe(40);
    expect(posterClipFrame({ scene: 'a', clipStartFrame: 10, startFrame: 0, frames: 20 }, score)).toBe(10);
  });
});

describe('hostile baseline files are exit 2 naming the file and the field', () => {
  const cases: [string, (b: Record<string, unknown>) => unknown, RegExp][] = [
    ['not JSON', () => '{"schema": ', /not valid JSON/],
    ['a scene name that is a path', (b) => ({ ...b, scene: '../etc' }), /field "scene"/],
    ['a number no render makes', (b) => ({ ...b, settings: { ...(b.settings as object), fps: 1e308 } }), /field "settings.fps"/],
    ['a huge event time', (b) => ({ ...b, events: [{ kind: 'blink', startS: 1e300, durationMs: 1, amplitudeDeg: null }] }), /field "events\[0\].startS"/],
    ['an unknown field', (b) => ({ ...b, extra: 1 }), /field "extra"/],
    ['a frame hash short', (b) => ({ ...b, film: { ...(b.film as object), frames: ['abc'] } }), /field "film.frames\[0\]"/],
    ['an empty reason', (b) => ({ ...b, why: '   ' }), /field "why"/],
    ['an unknown event kind', (b) => ({ ...b, events: [{ kind: 'wink', startS: 1, durationMs: 1, amplitudeDeg: null }] }), /field "events\[0\].kind"/],
  ];
  for (const [what, damage, message] of cases) {
    it(what, async () => {
      const { opts, baselineDir } = setup();
      const file = join(baselineDir, 'alpha.json');
      const damaged = damage(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
      writeFileSync(file, typeof damaged === 'string' ? damaged : JSON.stringify(damaged));
      await expect(runDiff([], opts())).rejects.toMatchObject({ exitCode: EXIT.badInput, message });
    });
  }

  it('refuses a baseline file that is a link out of the baseline folder, unread', async () => {
    const { opts, baselineDir } = setup();
    const file = join(baselineDir, 'alpha.json');
    const outside = join(tempDir('eye-diff-outside-'), 'alpha.json');
    renameSync(file, outside);
    symlinkSync(outside, file);
    await expect(runDiff([], opts())).rejects.toMatchObject({ exitCode: EXIT.badInput, message: /alpha\.json: a link to outside .*: not read \(approve the scene again/ });
  });

  it('refuses an oversized baseline file before reading it', async () => {
    const { opts, baselineDir } = setup();
    // Sparse: its size says 64 MB + 1 without the disk holding it.
    truncateSync(join(baselineDir, 'alpha.json'), MAX_BASELINE_BYTES + 1);
    await expect(runDiff([], opts())).rejects.toMatchObject({ exitCode: EXIT.badInput, message: new RegExp(`alpha\\.json: ${MAX_BASELINE_BYTES + 1} bytes, over the ${MAX_BASELINE_BYTES}-byte limit`) });
  });

  it('refuses a proof whose summary, or whose changed film, is a link out of the proof folder', async () => {
    const { opts, proofDir } = setup();
    const elsewhere = tempDir('eye-diff-elsewhere-');
    const summary = join(proofDir, 'alpha', 'summary.json');
    renameSync(summary, join(elsewhere, 'summary.json'));
    symlinkSync(join(elsewhere, 'summary.json'), summary);
    await expect(runDiff(['alpha'], opts())).rejects.toMatchObject({ exitCode: EXIT.badInput, message: /summary\.json: a link to outside/ });
    // The film: its frames changed, so it would be decoded and shown in the clip.
    writeFixtureScene(proofDir, 'beta', { changedFrames: [3] });
    const film = join(proofDir, 'beta', 'film.mp4');
    renameSync(film, join(elsewhere, 'film.mp4'));
    symlinkSync(join(elsewhere, 'film.mp4'), film);
    const { tools, calls } = fakeTools((n) => Array.from({ length: n }, () => 0.5));
    await expect(runDiff(['beta'], opts(tools))).rejects.toMatchObject({ exitCode: EXIT.badInput, message: /film\.mp4: a link to outside .*: not read/ });
    expect(calls).toEqual([]);
  });

  it('refuses a scene name on the command line that is a path', async () => {
    const { opts } = setup();
    await expect(runDiff(['../alpha'], opts())).rejects.toMatchObject({ exitCode: EXIT.badInput });
  });
});

describe('the CLI: eye approve needs --why; eye diff exits by its verdicts', () => {
  it('refuses approve without a reason (exit 2, nothing written), then approves and diffs unchanged (exit 0) and fails a damaged baseline (exit 2)', { timeout: 60_000 }, async () => {
    const root = tempDir('eye-diff-cli-');
    const proof = join(root, 'proof');
    const base = join(root, 'baseline');
    writeFixtureScene(proof, 'alpha');
    const dirs = ['--proof-dir', proof, '--baseline-dir', base, '--cache-dir', join(root, 'cache')];
    const none = await runEye(['approve', ...dirs]);
    expect(none.code).toBe(EXIT.badInput);
    expect(none.stderr).toMatch(/needs a reason: --why/);
    expect(existsSync(base)).toBe(false);
    const ok = await runEye(['approve', ...dirs, '--why', 'first \u001b[31mred\u001b[0m']);
    expect(ok.code).toBe(EXIT.ok);
    expect(ok.stdout).toContain('\\u001b[31mred');
    const diff = await runEye(['diff', ...dirs]);
    expect(diff.code).toBe(EXIT.ok);
    expect(diff.stdout).toMatch(/^alpha: unchanged, approved/);
    // Frames changed and no baseline film to compare with: beyond, not approved, exit 1; approved, exit 0, the reason printed escaped.
    writeFixtureScene(proof, 'alpha', { changedFrames: [3] });
    const beyond = await runEye(['diff', ...dirs, '--no-render-baseline']);
    expect(beyond.code).toBe(EXIT.assertionFailed);
    expect(beyond.stdout).toMatch(/^alpha: beyond, first different frame 3/);
    expect((await runEye(['approve', ...dirs, '--why', 'moved <b>on purpose</b>\u0007\u009b'])).code).toBe(EXIT.ok);
    const approved = await runEye(['diff', ...dirs, '--no-render-baseline']);
    expect(approved.code).toBe(EXIT.ok);
    expect(approved.stdout).toContain('approved: "moved <b>on purpose</b>\\u0007\\u009b"');
    expect(approved.stdout).not.toMatch(/[\u0007\u009b]/);
    writeFileSync(join(base, 'alpha.json'), '[]');
    const bad = await runEye(['diff', ...dirs, '--json']);
    expect(bad.code).toBe(EXIT.badInput);
    expect(bad.stderr).toMatch(/alpha\.json: expected a JSON object/);
  });
});
