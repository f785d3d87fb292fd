import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runEye } from '../../testing/run-eye.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../node/io/project-root.ts';
import type { RenderSummary } from '../../jobs/render/node/render-scene.ts';

const root = projectRoot();
const tmp = mkdtempSync(join(tmpdir(), 'eye-render-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const eye = runEye;

// Small and short: the point is the pipeline, not the picture.
const SCENE = '1970-script';
// --no-cache: each test must watch a real render (a cached film would be restored, not rendered).
const SETTINGS = ['--duration', '1', '--size', '640x360', '--fps', '30', '--no-ledger', '--no-cache'];

describe('eye render, end to end', () => {
  const outA = join(tmp, 'a');
  let a: { code: number; stdout: string; stderr: string };

  // Determinism and page-vs-simulate are proven in build/jobs/render/node/render-scene.test.ts (in one process, so
  // both renders share one page bundle even while others edit the tree); here, the real CLI end to end.
  beforeAll(async () => {
    a = await eye(['render', SCENE, ...SETTINGS, '--out', outA, '--json']);
  });

  it('writes film.mp4, trace.json, pixels.json, assertions.json, summary.json and stills/ and nothing else', () => {
    expect(a.code, a.stderr).toBe(0);
    expect(readdirSync(outA)).toEqual([SCENE]);
    expect(readdirSync(join(outA, SCENE)).sort()).toEqual(['assertions.json', 'film.mp4', 'pixels.json', 'stills', 'summary.json', 'trace.json']);
    expect(readdirSync(join(outA, SCENE, 'stills'))).toContain('sheet.png');
  });

  it('measures the film from its own pixels and says the pixels agree with the model', () => {
    const [summary] = JSON.parse(a.stdout) as RenderSummary[];
    expect(summary.pixels?.pass).toBe(true);
    expect(a.stderr).toMatch(/pixels agree \(saccades \d+\/\d+, blinks \d+\/\d+, aperture ≤ 0\.\d\d mm/);
  });

  it('a film whose pixels disagree (a mask drawn with the lid 0.6 mm low) exits 1 naming the scene and the check, its folder kept', async () => {
    const out = join(tmp, 'disagree');
    const r = await eye(['render', SCENE, ...SETTINGS, '--out', out, '--mask-lid-offset-mm', '0.6']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/pixels DISAGREE/);
    expect(r.stderr.trim().split('\n').at(-1)).toMatch(/^eye: 1970-script: the film's pixels disagree with its model: aperture \|pixel − model\|, max over frames/);
    expect(readdirSync(join(out, SCENE)).sort()).toEqual(['assertions.json', 'film.mp4', 'pixels.json', 'stills', 'summary.json', 'trace.json']);
  });

  it('a proof film that is not typical of its era (its own length and seed) exits 1 naming the metric; with another --seed it only reports', async () => {
    const bad = join(root, 'scenes', 'fixtures', 'atypical-1995-4s.json');
    const out = join(tmp, 'atypical');
    // A cache of the test's own: both films are rendered (two seeds, two keys), the era spread they are held to is computed once.
    const cache = ['--cache-dir', join(tmp, 'atypical-cache')];
    const r = await eye(['render', bad, '--out', out, '--no-ledger', ...cache, '--json']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr.trim().split('\n').at(-1)).toMatch(/^eye: atypical-1995-4s: the film is not typical of its era: proof film, pixel-measured: blinks per minute 45 \(p10–p90 /);
    const [summary] = JSON.parse(r.stdout) as RenderSummary[];
    expect(summary.pixels?.agreementPass).toBe(true);
    expect(summary.pixels?.representative?.held).toBe(true);
    expect(summary.pixels?.representative?.verdicts.find((v) => v.metric === 'blinksPerMin')?.pass).toBe(false);
    // The same film asked for with --seed is a sample of the eye, not the scene's proof film.
    const sample = await eye(['render', bad, '--seed', '34', '--out', join(tmp, 'sample'), '--no-ledger', ...cache]);
    expect(sample.code, sample.stderr).toBe(0);
    expect(sample.stderr).toMatch(/not typical \(reported only: not the proof film\) of its era \(blinksPerMin\)/);
    // Two 4-s films at the scene's size and the era spread once (3 × 10 min simulated): a busy machine needs more than the default.
  }, 300_000);

  it('the film passes ffprobe: h264 High, yuv420p, bt709, frames = duration × fps, moov before mdat', () => {
    const [summary] = JSON.parse(a.stdout) as RenderSummary[];
    const p = summary.film.probe;
    expect([p.codec, p.profile, p.pixFmt]).toEqual(['h264', 'High', 'yuv420p']);
    expect([p.colorSpace, p.colorPrimaries, p.colorTransfer]).toEqual(['bt709', 'bt709', 'bt709']);
    expect([p.width, p.height, p.fps]).toEqual([640, 360, 30]);
    expect(p.frames).toBe(30);
    expect(p.packets).toBe(30);
    expect(p.atoms.indexOf('moov')).toBeLessThan(p.atoms.indexOf('mdat'));
    expect(summary.film.verdict.ok).toBe(true);
    expect(summary.frames).toBe(30);
  });

  it('leaves no staging folder behind', () => {
    expect(readdirSync(outA).filter((f) => f.startsWith('.'))).toEqual([]);
  });
});

describe('eye render, bad input: one line, a distinct exit code, nothing in the output folder', () => {
  const cases: [string, string[], NodeJS.ProcessEnv, number, RegExp][] = [
    ['a missing scene file', ['no-such-scene'], {}, 2, /no scene file .*no-such-scene\.json/],
    ['a malformed scene (wrong type)', ['scenes/fixtures/bad-type.json'], {}, 2, /bad-type\.json: field "fps": expected an integer from 1 to 240, got "30"/],
    ['an unknown era', ['scenes/fixtures/bad-era.json'], {}, 2, /bad-era\.json: field "era": expected one of 1970, .*got "1975"/],
    ['an impossible setting', [SCENE, '--size', '641x360'], {}, 2, /--size.*even integer/],
    ['a missing browser', [SCENE], { PUPPETEER_EXECUTABLE_PATH: '/nonexistent' }, 3, /no browser at PUPPETEER_EXECUTABLE_PATH=\/nonexistent: install chromium-headless-shell/],
    ['a missing ffmpeg', [SCENE], { FFMPEG_PATH: '/nonexistent' }, 3, /no ffmpeg at FFMPEG_PATH=\/nonexistent: install ffmpeg/],
  ];
  for (const [what, args, env, code, message] of cases) {
    it.concurrent(what, async () => {
      const out = join(tmp, `bad-${code}-${args[0].replace(/\W/g, '_')}-${Object.keys(env).join('')}`);
      const r = await eye(['render', ...args, '--out', out, '--no-ledger'], env);
      expect(r.code).toBe(code);
      const lines = r.stderr.trim().split('\n');
      expect(lines, r.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(message);
      expect(existsSync(out)).toBe(false);
    });
  }
});

describe('eye render, Ctrl-C', () => {
  it('kills the browser and ffmpeg, removes its temporary files and exits 130', async () => {
    const out = join(tmp, 'interrupted');
    const child = spawn(process.execPath, [join(root, 'bin', 'eye.js'), 'render', SCENE, '--duration', '6', '--size', '640x360', '--out', out, '--no-ledger', '--no-cache'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Wait until frames are flowing (the first progress line), then press Ctrl-C.
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (/frames/.test(stderr)) resolve();
      });
      child.on('exit', () => reject(new Error(`exited before rendering: ${stderr}`)));
    });
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toMatch(/interrupted/);
    expect(readdirSync(out)).toEqual([]);
    // No ffmpeg is left writing into that folder.
    const ps = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
    expect(ps.split('\n').filter((l) => l.includes(out))).toEqual([]);
  });
});
