#!/usr/bin/env node
// The timecut comparison (issue 8): the project's live page rendered by timecut 0.3.3 (virtual time and
// page screenshots) and the same scene by `eye render`, same size, length and frame rate, one after the
// other in one sitting; ms per frame for each, start-up included, and their ratio.
//
// timecut is not a dependency of the project: `--install` puts it in a temporary folder (never in this
// repo) with Puppeteer's own browser download switched off; it is pointed at the project's browser.
//
//   node build/tools/bench-timecut.mjs --install            # 2026-rest, 1280x720, 4 s at 30 fps
//   node build/tools/bench-timecut.mjs --scene 1995-rest --size 640x360 --duration 2 --json
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const TIMECUT_VERSION = '0.3.3';
const root = join(import.meta.dirname, '..', '..');
const { values: opt } = parseArgs({
  options: {
    install: { type: 'boolean', default: false },
    dir: { type: 'string', default: join(tmpdir(), `eye-timecut-${TIMECUT_VERSION}`) },
    scene: { type: 'string', default: '2026-rest' },
    size: { type: 'string', default: '1280x720' },
    duration: { type: 'string', default: '4' },
    fps: { type: 'string', default: '30' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opt.help) {
  console.log(
    'usage: node build/tools/bench-timecut.mjs [--install] [--dir DIR] [--scene NAME] [--size WxH] [--duration S] [--fps N] [--json]\n' +
      `  --install  install timecut@${TIMECUT_VERSION} into --dir (default ${opt.dir}) if it is not there`,
  );
  process.exit(0);
}

const fail = (code, msg) => {
  console.error(`bench-timecut: ${msg}`);
  process.exit(code);
};
const size = /^(\d+)x(\d+)$/.exec(opt.size);
if (!size || Number(size[1]) % 2 || Number(size[2]) % 2) fail(2, `--size ${opt.size}: expected even WxH, e.g. 1280x720`);
const [widthPx, heightPx] = [Number(size[1]), Number(size[2])];
const durationS = Number(opt.duration);
const fps = Number(opt.fps);
if (!(durationS >= 0.5 && durationS <= 60)) fail(2, `--duration ${opt.duration}: expected seconds from 0.5 to 60`);
if (!(Number.isInteger(fps) && fps >= 1 && fps <= 60)) fail(2, `--fps ${opt.fps}: expected an integer from 1 to 60`);
const frames = Math.round(durationS * fps);

// --- timecut, in its own folder ---
const timecutMain = join(opt.dir, 'node_modules', 'timecut', 'index.js');
if (!existsSync(timecutMain)) {
  if (!opt.install) fail(3, `timecut is not installed in ${opt.dir}: pass --install (it goes there, not into the repo)`);
  mkdirSync(opt.dir, { recursive: true });
  // Old Puppeteer (2.x, under timecut) reads PUPPETEER_SKIP_CHROMIUM_DOWNLOAD; newer ones PUPPETEER_SKIP_DOWNLOAD.
  const env = { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1', PUPPETEER_SKIP_CHROMIUM_DOWNLOAD: '1' };
  const r = spawnSync('npm', ['i', '--no-save', '--no-audit', '--no-fund', `timecut@${TIMECUT_VERSION}`], { cwd: opt.dir, env, stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(timecutMain)) fail(3, `npm i timecut@${TIMECUT_VERSION} in ${opt.dir} failed (exit ${r.status})`);
}

const { findBrowser } = await tsImport('../node/browser/find-browser.ts', import.meta.url);
const { writeLivePage } = await tsImport('../node/browser/write-live-page.ts', import.meta.url);
let browser;
try {
  browser = findBrowser();
} catch (err) {
  fail(3, err.message);
}

const work = mkdtempSync(join(tmpdir(), 'eye-bench-timecut-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const livePage = await writeLivePage(join(work, 'live', 'index.html'));
// The live page as users get it, with its idle throttle off so both sides draw every frame they encode.
const url = `${pathToFileURL(livePage).href}?scene=${encodeURIComponent(opt.scene)}&idleThrottle=0`;

/**
 * Run a command to its end; wall ms, start-up included. (No CPU column: Chromium's helper processes are
 * not all reaped by the child, so /proc's cutime undercounts them and would mislead.)
 */
function timed(label, cmd, args, cwd) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
      if (code !== 0) reject(new Error(`${label} exited ${code}:\n${log.slice(-3000)}`));
      else resolve({ wallMs });
    });
  });
}

const timecutScript = `
const timecut = require(${JSON.stringify(timecutMain)});
timecut({
  url: ${JSON.stringify(url)},
  viewport: { width: ${widthPx}, height: ${heightPx} },
  fps: ${fps}, duration: ${durationS}, output: ${JSON.stringify(join(work, 'timecut.mp4'))},
  executablePath: ${JSON.stringify(browser.path)},
  launchArguments: ['--no-sandbox', '--disable-gpu'],
  quiet: true,
}).then(() => process.exit(0), (e) => { console.error(e && e.stack || e); process.exit(1); });
`;

const results = {};
try {
  results.timecut = await timed('timecut', process.execPath, ['-e', timecutScript], opt.dir);
  results.eyeRender = await timed('eye render', process.execPath, [
    join(root, 'bin', 'eye.js'), 'render', opt.scene,
    '--duration', String(durationS), '--fps', String(fps), '--size', `${widthPx}x${heightPx}`,
    '--no-pixels', '--no-ledger', '--no-cache', '--out', join(work, 'proof'),
  ], root);
} catch (err) {
  fail(4, err.message);
}

const probeFrames = (file) => {
  const r = spawnSync('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  return Number(r.stdout.trim());
};
const timecutFrames = probeFrames(join(work, 'timecut.mp4'));
const eyeFrames = probeFrames(join(work, 'proof', opt.scene, 'film.mp4'));
if (timecutFrames !== frames || eyeFrames !== frames) {
  fail(4, `expected ${frames} frames from each, got timecut ${timecutFrames}, eye render ${eyeFrames}`);
}

const per = (r) => ({ msPerFrame: r.wallMs / frames, wallMs: r.wallMs });
const report = {
  scene: opt.scene,
  size: `${widthPx}x${heightPx}`,
  durationS,
  fps,
  frames,
  browser: browser.path,
  timecut: per(results.timecut),
  eyeRender: per(results.eyeRender),
  timecutOverEyeRender: results.timecut.wallMs / results.eyeRender.wallMs,
};
if (opt.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const row = (name, r) =>
    `${name.padEnd(24)} ${r.msPerFrame.toFixed(1).padStart(8)} ms/frame  (${(r.wallMs / 1000).toFixed(2)} s wall)`;
  console.log(`${opt.scene} ${report.size}, ${durationS} s at ${fps} fps = ${frames} frames, start-up included, one after the other`);
  console.log(row(`timecut ${TIMECUT_VERSION}`, report.timecut));
  console.log(row('eye render --no-pixels', report.eyeRender));
  console.log(`timecut / eye render: ${report.timecutOverEyeRender.toFixed(2)}x`);
}
