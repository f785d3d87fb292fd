import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError } from '../../../errors/exit.ts';
import { simulate } from '../../../model/player.ts';
import { SAMPLE_FIELDS } from '../../../model/types.ts';
import { withSettings } from '../../../scene/parse.ts';
import { createBrowserSession, type BrowserSession } from '../../../node/browser/browser-session.ts';
import { bundlePage } from '../../../node/browser/bundle-page.ts';
import { findBrowser } from '../../../node/browser/find-browser.ts';
import { findFfmpeg } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { pixelDisagreement, renderScene, type RenderSummary } from './render-scene.ts';
import { openCache } from '../../cache/node/store.ts';

/** The renderer processes under a browser (Chromium's `--type=renderer` children), from /proc. */
function rendererPids(browserPid: number): number[] {
  const parent = new Map<number, number>();
  const renderer = new Set<number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      if (readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('--type=renderer')) renderer.add(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  const under = (pid: number): boolean => {
    for (let p = pid, n = 0; p > 1 && n < 64; p = parent.get(p) ?? 0, n++) if (p === browserPid) return true;
    return false;
  };
  return [...renderer].filter(under);
}

// In one process, so both renders use the same page bundle even while the tree is being edited.
const tmp = mkdtempSync(join(tmpdir(), 'eye-render-scene-'));
// The era spreads the measured films are held to, computed once for the file (not in the project's cache/).
const spreadStore = openCache(join(tmp, 'cache'));
const scene = withSettings(loadScene('1970-script'), { durationS: 0.5, width: 640, height: 360, fps: 30 });
const ffmpeg = findFfmpeg();
const sessions: BrowserSession[] = [];
const session = (capture: 'auto' | 'screenshot' = 'auto') => {
  const s = createBrowserSession({ executable: findBrowser(), capture, format: 'png', width: 640, height: 360 });
  sessions.push(s);
  return s;
};
const readOut = (out: string, file: string) => readFileSync(join(out, scene.name, file));

beforeAll(async () => {
  await bundlePage();
});
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  rmSync(tmp, { recursive: true, force: true });
});

describe('renderScene', () => {
  let first: RenderSummary;
  const outA = join(tmp, 'a');
  const outB = join(tmp, 'b');

  it('two renders (two browsers) give byte-identical traces and identical frame hashes', async () => {
    const a = session();
    first = await renderScene(scene, { spreadStore, session: a, ffmpeg, outDir: outA });
    const second = await renderScene(scene, { spreadStore, session: session(), ffmpeg, outDir: outB });
    expect(first.capture.method).toBe('canvas');
    expect(first.frames).toBe(15);
    expect(readOut(outA, 'trace.json').equals(readOut(outB, 'trace.json'))).toBe(true);
    expect(second.frameHashes.perFrame).toEqual(first.frameHashes.perFrame);
    expect(second.frameHashes.digest).toBe(first.frameHashes.digest);
    // The page is reused for the next scene in a browser: a re-render there (replacing the folder) is the same too.
    const again = await renderScene(scene, { spreadStore, session: a, ffmpeg, outDir: outA });
    expect(again.frameHashes.digest).toBe(first.frameHashes.digest);
    expect(readdirSync(outA)).toEqual([scene.name]);
    // The pixel path: measured from the page's own mask pass, deterministic, and agreeing with the model.
    expect(readdirSync(join(outA, scene.name)).sort()).toEqual(['assertions.json', 'film.mp4', 'pixels.json', 'stills', 'summary.json', 'trace.json']);
    expect(readOut(outA, 'pixels.json').equals(readOut(outB, 'pixels.json'))).toBe(true);
    expect(first.pixels?.failed).toEqual([]);
    expect(first.pixels?.frames).toBe(15);
    expect(first.pixels?.apertureMm.maxAbs).toBeLessThan(0.3);
    expect(pixelDisagreement(first)).toBeNull();
  });

  it('a deliberately broken mask (its upper lid drawn 0.6 mm low) fails the pixel check, and its folder is kept', async () => {
    const out = join(tmp, 'broken-mask');
    const summary = await renderScene(scene, { spreadStore, session: session(), ffmpeg, outDir: out, measure: { maskScale: 0.5, maskUpperLidOffsetMm: 0.6 } });
    expect(summary.pixels?.pass).toBe(false);
    expect(summary.pixels?.apertureMm.maxAbs).toBeGreaterThan(0.5);
    const err = pixelDisagreement(summary);
    expect(err?.exitCode).toBe(1);
    expect(err?.message).toMatch(/^1970-script: the film's pixels disagree with its model: aperture \|pixel − model\|, max over frames 0\.\d+ \(≤ 0\.3 mm/);
    const assertions = JSON.parse(readFileSync(join(out, scene.name, 'assertions.json'), 'utf8')) as { pass: boolean; failed: string[] };
    expect(assertions.pass).toBe(false);
    expect(assertions.failed).toEqual(['aperture |pixel − model|, max over frames']);
  });

  it('the page trace equals the Node-side simulate (to 1e-9), events included', () => {
    const trace = JSON.parse(readOut(outA, 'trace.json').toString()) as { columns: Record<string, number[]>; events: unknown[] };
    const node = simulate(scene);
    for (const f of SAMPLE_FIELDS) {
      expect(trace.columns[f].length, f).toBe(node.columns[f].length);
      // NaN (nothing followed) travels as null and must be NaN on both sides.
      const worst = trace.columns[f].reduce((m: number, v: number | null, i) => Math.max(m, v === null && Number.isNaN(node.columns[f][i]) ? 0 : Math.abs((v ?? NaN) - node.columns[f][i])), 0);
      expect(worst, f).toBeLessThanOrEqual(1e-9);
    }
    expect(trace.events).toEqual(JSON.parse(JSON.stringify(node.events)));
  });

  it('a scene drawn after another in a reused page gives the frames a fresh page gives (no state carried between scenes)', async () => {
    // 1981-script after 1981-rest: the face layer once kept coverage drawn for the last scene's margins (6 frames differed).
    const small = (name: string) => withSettings(loadScene(name), { durationS: 0.5, width: 640, height: 360, fps: 30 });
    const reused = session();
    await renderScene(withSettings(small('1981-rest'), { durationS: 2 }), { session: reused, ffmpeg, outDir: join(tmp, 'reuse'), measure: null });
    const after = await renderScene(small('1981-script'), { session: reused, ffmpeg, outDir: join(tmp, 'reuse'), measure: null });
    const fresh = await renderScene(small('1981-script'), { session: session(), ffmpeg, outDir: join(tmp, 'fresh'), measure: null });
    expect(after.frameHashes.perFrame).toEqual(fresh.frameHashes.perFrame);
  });

  it('a browser that dies mid-film is relaunched and the scene retried once, with the same frames, and says so in one line', async () => {
    const out = join(tmp, 'crash');
    const said: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((s: string) => said.push(String(s)) > 0) as unknown as typeof process.stderr.write;
    const summary = await renderScene(scene, {
      spreadStore,
      session: session(),
      ffmpeg,
      outDir: out,
      onFrame: (frame, attempt, browser) => {
        if (attempt === 1 && frame === 5) browser.killNow();
      },
    }).finally(() => {
      process.stderr.write = write;
    });
    expect(said.filter((l) => l.includes('rendering it again in a new browser'))).toEqual([expect.stringMatching(/^1970-script: the browser crashed \(.*\); rendering it again in a new browser\n$/)]);
    expect(summary.attempts).toBe(2);
    expect(summary.frameHashes.digest).toBe(first.frameHashes.digest);
    expect(readdirSync(out)).toEqual([scene.name]);
  });

  it('a page that throws is an internal error (exit 4) naming the scene, and leaves nothing', async () => {
    const out = join(tmp, 'throws');
    const err = await renderScene(scene, {
      spreadStore,
      session: session(),
      ffmpeg,
      outDir: out,
      onFrame: async (frame, _attempt, browser) => {
        // Ask the page for a frame behind the one it drew: the page protocol refuses (forward only).
        if (frame === 3) await browser.goToFrame(1);
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(4);
    expect((err as CliError).message).toMatch(/1970-script: the page threw: .*frame 1 out of range/);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });

  it('ffmpeg failing is an internal error (exit 4) with ffmpeg\'s own last words; its full disk is the machine\'s (exit 3); both leave nothing', async () => {
    // An ffmpeg that answers fluent-ffmpeg's capability queries but fails the encode.
    const fakeFfmpeg = (name: string, words: string) => {
      const fake = join(tmp, `${name}.sh`);
      writeFileSync(fake, `#!/bin/sh\ncase "$1" in -formats|-encoders|-codecs|-filters) exec ${ffmpeg.ffmpeg} "$@";; esac\necho "${words}" >&2\nexit 1\n`);
      chmodSync(fake, 0o755);
      return { ...ffmpeg, ffmpeg: fake };
    };
    const out = join(tmp, 'ffmpeg-fails');
    const err = await renderScene(scene, { spreadStore, session: session(), ffmpeg: fakeFfmpeg('ffmpeg-fails', 'Invalid data found when processing input (simulated)'), outDir: out }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(4);
    expect((err as CliError).message).toMatch(/1970-script: ffmpeg failed: .*Invalid data found when processing input \(simulated\)/);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
    const full = await renderScene(scene, { spreadStore, session: session(), ffmpeg: fakeFfmpeg('ffmpeg-full', 'film.mp4: No space left on device'), outDir: out }).catch((e: unknown) => e);
    expect((full as CliError).exitCode).toBe(3);
    expect((full as CliError).message).toBe(`cannot write 1970-script's film under ${out}: no space left on the device (ENOSPC)`);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });

  it('a killed renderer process (kill -9 of --type=renderer) is found within seconds and the scene retried once', async () => {
    const out = join(tmp, 'renderer-killed');
    const t0 = performance.now();
    let killedMs = 0;
    let retriedMs = 0;
    const summary = await renderScene(scene, {
      spreadStore,
      session: session(),
      ffmpeg,
      outDir: out,
      onFrame: (frame, attempt, browser) => {
        if (attempt === 2 && retriedMs === 0) retriedMs = performance.now();
        if (attempt !== 1 || frame !== 5) return;
        const renderers = rendererPids(browser.pid!);
        expect(renderers.length).toBeGreaterThan(0);
        for (const pid of renderers) process.kill(pid, 'SIGKILL');
        killedMs = performance.now();
      },
    });
    expect(summary.attempts).toBe(2);
    expect(summary.frameHashes.digest).toBe(first.frameHashes.digest);
    // The crash is found without waiting for the 60-s protocol timeout: the retry's first frame (a new
    // browser, its layers painted) comes well inside it. Timed to that frame, not to the scene's end:
    // under a loaded machine the whole retry took 21.8 s.
    expect(killedMs - t0).toBeGreaterThan(0);
    expect(retriedMs - killedMs).toBeGreaterThan(0);
    expect(retriedMs - killedMs).toBeLessThan(30_000);
  });

  it('a page that asks the network for anything is refused, and the render fails naming the URL (exit 4), leaving nothing', async () => {
    const out = join(tmp, 'network');
    const err = await renderScene(scene, {
      spreadStore,
      session: session(),
      ffmpeg,
      outDir: out,
      onFrame: async (frame, _attempt, browser) => {
        if (frame === 3) await browser.runInPage("fetch('http://example.invalid/beacon?x=1').then(() => 'loaded', () => 'refused')");
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(4);
    expect((err as CliError).message).toBe('1970-script: the page asked for http://example.invalid/beacon?x=1; a render loads nothing from the network, so it was refused');
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });

  it('falls back to Page.captureScreenshot and still makes a whole, checked film', async () => {
    const out = join(tmp, 'shot');
    const summary = await renderScene(scene, { spreadStore, session: session('screenshot'), ffmpeg, outDir: out });
    expect(summary.capture.method).toBe('screenshot');
    expect(summary.film.verdict.ok).toBe(true);
    expect(summary.frames).toBe(15);
  });
});
