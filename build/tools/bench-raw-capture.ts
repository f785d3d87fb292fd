// Issue 20's spike, kept so it can be run again: would the canvas's raw pixels, or its JPEG, sent as binary,
// cost less CPU a frame than today's JPEG as base64 over CDP? (docs/speed-capture.md, "Raw pixels instead of a JPEG"
// and "Carrying the JPEG", both measured, not built)
// `npx tsx build/tools/bench-raw-capture.ts [--sizes 1280x720,1440x900] [--frames 60] [--repeat 3] [--scene 2026-script]`
//
// Four ways a drawn frame reaches a film, each from the same page bundle in one browser per size, two frames
// in flight as the render keeps them, each frame hashed in Node as the render hashes it (sha256):
//   jpeg/CDP  today's path: goToFrame and the canvas's JPEG q95 in one Runtime.evaluate, base64 over CDP,
//             ffmpeg decoding the JPEGs (the film's own arguments, ffmpegArgs);
//   jpeg/POST the same JPEG (canvas.toBlob, the same encoder and quality) POSTed as binary to the server
//             below; jpeg/POST-sync the render's own toDataURL JPEG, decoded from base64 in the page and
//             POSTed as bytes (toBlob answers in an idle task, which a deterministic-mode page waits
//             long for); the tool fails unless every frame's bytes equal jpeg/CDP's;
//   raw/CDP   the canvas's pixels (one getImageData) as base64 text over CDP (Uint8Array.toBase64), ffmpeg
//             reading -f rawvideo -pix_fmt rgba;
//   raw/POST  the same pixels POSTed as binary (fetch, no-cors) to a Node http server on 127.0.0.1 (an
//             ephemeral port, a secret token in the path, the frame number in the query); Node writes the
//             body into ffmpeg's stdin and answers once ffmpeg has room again (back-pressure);
//   yuv/POST  the render's own read (build/page/canvas-i420.ts): the canvas's pixels by a VideoFrame's copyTo, converted to the film's own
//             BT.709 tv-range I420 (build/core/video/i420.ts, zscale's conversion reproduced) and POSTed:
//             ffmpeg runs x264 alone; the tool compares that I420 with zimg's, sample by sample.
// `--paths` picks a subset (jpeg/CDP always).
// Both raw paths keep the film's own colour conversion and x264 settings, with `format=gbrp` before it:
// without it ffmpeg's own rgba conversion cost 6 ms a frame more (measured; the most favourable raw case).
// The page can only reach 127.0.0.1 in a browser without the render's network refusal (the
// network refusal flags (browser-args.ts), and watchPage's Fetch interception, which would pause the request and copy
// its body to Node over CDP); so this tool launches its own browser without them, and with puppeteer's own
// Network domain turned off (with it on, DevTools copies every request body: a 3.7-MB POST cost ~436 CPU-ms).
// That is the raw POST path at its cheapest; `eye render` itself is unchanged.
// CPU is read from /proc: the whole process tree (Node, the browser, ffmpeg), Node's own
// (process.cpuUsage), and ffmpeg's (reaped: this process's cutime+cstime); the browser's is the rest.
// Then the film of each path is compared with the lossless frames (the raw pixels through the film's own
// colour conversion): PSNR and SSIM (build/jobs/bench/core/fidelity.ts).
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { build } from 'esbuild';
import puppeteer from 'puppeteer-core';
import { browserArgs, isNetworkRefusalArg } from '../core/browser/browser-args.ts';
import { pageHtml } from '../core/browser/page-html.ts';
import { fidelityArgs, parseFidelity, type Fidelity } from '../jobs/bench/core/fidelity.ts';
import { parseProcStat } from '../jobs/bench/core/proc-stat.ts';
import { treeCpuMs } from '../jobs/bench/node/tree-cpu-ms.ts';
import { bundlePage } from '../node/browser/bundle-page.ts';
import { JPEG_QUALITY } from '../node/browser/capture-frame.ts';
import { findBrowser } from '../node/browser/find-browser.ts';
import { COLOUR_FILTERS, ffmpegArgs } from '../node/ffmpeg/ffmpeg-args.ts';
import { findFfmpeg } from '../node/ffmpeg/find-ffmpeg.ts';
import { projectRoot } from '../node/io/project-root.ts';
import { loadScene } from '../node/io/load-scene.ts';
import { withSettings } from '../scene/parse.ts';
import { toolArgs } from './tool-args.ts';

const { opt, fail, int } = toolArgs('bench-raw-capture');
const sizes = opt('sizes', '1280x720,1440x900').split(',').map((s) => s.split('x').map(Number) as [number, number]);
if (sizes.some(([w, h]) => !(w >= 64 && h >= 64 && w % 2 === 0 && h % 2 === 0))) fail('--sizes expects even WxH ≥ 64, comma-separated');
const frames = int('frames', 60, 10, 600);
const repeat = int('repeat', 3, 1, 9);
const sceneName = opt('scene', '2026-script');

const ffmpeg = findFfmpeg().ffmpeg;
const tmp = mkdtempSync(join(tmpdir(), 'eye-raw-capture-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ticksPerMs = 100 / 1000; // CLK_TCK 100 (tree-cpu-ms.ts asks getconf; 100 on every common Linux)
const reapedMs = () => parseProcStat(readFileSync('/proc/self/stat', 'utf8')).reapedChildrenTicks / ticksPerMs;

type PathName = 'jpeg/CDP' | 'jpeg/POST' | 'jpeg/POST-sync' | 'raw/CDP' | 'raw/POST' | 'yuv/POST';
const ALL_PATHS: PathName[] = ['jpeg/CDP', 'jpeg/POST', 'jpeg/POST-sync', 'raw/CDP', 'raw/POST', 'yuv/POST'];
const PATHS: PathName[] = opt('paths', ALL_PATHS.join(',')).split(',') as PathName[];
if (PATHS.some((p) => !ALL_PATHS.includes(p)) || !PATHS.includes('jpeg/CDP')) fail(`--paths: a comma-separated subset of ${ALL_PATHS.join(', ')}, with jpeg/CDP`);
const POSTED: ReadonlySet<PathName> = new Set<PathName>(['jpeg/POST', 'jpeg/POST-sync', 'raw/POST', 'yuv/POST']);
const isJpeg = (p: PathName) => p.startsWith('jpeg/');

interface Sample {
  cpu: number;
  node: number;
  ffmpeg: number;
  wall: number;
  bytes: number;
}

/** The film's ffmpeg command for a path's input (raw: rawvideo rgba, `format=gbrp` ahead of the film's own conversion). */
function filmArgv(path: PathName, width: number, height: number, fps: number, out: string): string[] {
  const a = ffmpegArgs({ width, height, fps, input: 'jpeg' });
  if (isJpeg(path)) return ['-v', 'error', ...a.inputOptions, '-i', 'pipe:0', ...a.outputOptions, '-y', out];
  if (path === 'yuv/POST') {
    // The page converted already: x264 alone, no filter.
    const output = a.outputOptions.filter((o, i) => o !== '-vf' && a.outputOptions[i - 1] !== '-vf');
    return ['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${width}x${height}`, '-framerate', String(fps), '-i', 'pipe:0', ...output, '-y', out];
  }
  const vf = a.outputOptions.indexOf('-vf');
  const output = a.outputOptions.map((o, i) => (i === vf + 1 ? `format=gbrp,${o}` : o));
  return ['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-framerate', String(fps), '-i', 'pipe:0', ...output, '-y', out];
}

function startFfmpeg(args: string[]): { stdin: Writable; exited: Promise<void> } {
  const child = spawn(ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  child.stdin.on('error', () => undefined);
  const exited = once(child, 'exit').then(([code]) => {
    if (code !== 0) throw new Error(`ffmpeg ${args.join(' ')}: ${err.trim().split('\n').pop()}`);
  });
  return { stdin: child.stdin, exited };
}

const write = async (pipe: Writable, data: Buffer | string) => {
  if (!(typeof data === 'string' ? pipe.write(data, 'base64') : pipe.write(data))) await once(pipe, 'drain');
};

try {
  for (const [width, height] of sizes) {
    const size = `${width}x${height}`;
    const base = loadScene(sceneName);
    const scene = withSettings(base, { width, height, durationS: (frames + 2) / base.fps });
    const userDataDir = mkdtempSync(join(tmp, 'profile-'));
    const flags = browserArgs({ userDataDir, width, height, deterministic: true }).filter((f) => !isNetworkRefusalArg(f));
    const browser = await puppeteer.launch({ executablePath: findBrowser().path, headless: 'shell', pipe: true, args: flags, defaultViewport: null, handleSIGINT: false });
    const token = randomBytes(16).toString('hex');
    // The next frame due, where the bodies go, and the bodies that came ahead of it (two POSTs in flight
    // travel on two connections and may arrive out of order: each is queued to ffmpeg in frame order, and
    // answered once queued).
    let expect: { frame: number; exactBytes: number | null; sink: (b: Buffer) => Promise<void>; hash: (b: Buffer) => void } | null = null;
    const early = new Map<number, { body: Buffer; res: http.ServerResponse }>();
    let flushing = Promise.resolve();
    const flush = () =>
      (flushing = flushing.then(async () => {
        while (expect && early.has(expect.frame)) {
          const { body, res } = early.get(expect.frame)!;
          early.delete(expect.frame);
          expect.hash(body);
          await expect.sink(body);
          expect.frame++;
          res.writeHead(204).end();
        }
      }));
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const frame = Number(url.searchParams.get('frame'));
      const refuse = (code: number) => {
        res.writeHead(code, { connection: 'close' }).end();
        req.destroy();
      };
      if (req.method !== 'POST' || url.pathname !== `/${token}`) return refuse(403);
      if (!expect || !Number.isInteger(frame) || frame < expect.frame || frame > expect.frame + 1 || early.has(frame)) return refuse(409);
      // Raw pixels are exactly w·h·4 bytes (I420 w·h·1.5); a JPEG is at most w·h·4 (q95 of a photograph-like frame: ~1/10).
      const want = expect.exactBytes ?? width * height * 4;
      const raw = expect.exactBytes !== null;
      const body = Buffer.allocUnsafe(want);
      let got = 0;
      req.on('data', (d: Buffer) => {
        if (got + d.length > want) return refuse(413);
        d.copy(body, got);
        got += d.length;
      });
      req.on('end', () => {
        if (raw ? got !== want : got === 0) return refuse(400);
        early.set(frame, { body: raw ? body : body.subarray(0, got), res });
        void flush();
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as AddressInfo).port;
    try {
      const page = (await browser.pages())[0];
      await page.setViewport({ width, height, deviceScaleFactor: 1 });
      await page.setContent(pageHtml(await bundlePage(), 'render'), { waitUntil: 'load' });
      // Puppeteer's own session has the Network domain on: DevTools would copy every POST body.
      await (page as unknown as { _client(): { send(m: string): Promise<unknown> } })._client().send('Network.disable');
      const cdp = await page.createCDPSession();
      const evaluate = async (expression: string, awaitPromise = false): Promise<unknown> => {
        const r = await cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise });
        if (r.exceptionDetails) throw new Error(`page: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
        return r.result.value;
      };
      const load = () => evaluate(`window.__eye.load(${JSON.stringify(scene)}, 'color', null).then(() => 1)`, true);
      await load();
      await evaluate(`(window.__eye.goToFrame(1), document.querySelector('canvas').getContext('2d').getImageData(0, 0, 1, 1), 1)`); // paints the size's layers
      const pixels = `document.querySelector('canvas').getContext('2d').getImageData(0, 0, ${width}, ${height}).data`;
      const ask: Record<PathName, (f: number) => string> = {
        'jpeg/CDP': (f) => `(window.__eye.goToFrame(${f}), window.__eye.image('jpeg', ${JPEG_QUALITY / 100}))`,
        // The same JPEG (the canvas's own encoder, the same quality) as a Blob, its bytes POSTed.
        'jpeg/POST': (f) =>
          `(window.__eye.goToFrame(${f}), new Promise((ok) => document.querySelector('canvas').toBlob(ok, 'image/jpeg', ${JPEG_QUALITY / 100})).then((b) => fetch('http://127.0.0.1:${port}/${token}?frame=${f}', { method: 'POST', mode: 'no-cors', body: b })).then(() => 1))`,
        // toBlob encodes off the main thread and answers in an idle task, which a deterministic-mode page
        // (no frames) waits long for: the same JPEG by toDataURL, decoded from base64 in the page instead.
        'jpeg/POST-sync': (f) =>
          `(window.__eye.goToFrame(${f}), fetch('http://127.0.0.1:${port}/${token}?frame=${f}', { method: 'POST', mode: 'no-cors', body: Uint8Array.fromBase64(window.__eye.image('jpeg', ${JPEG_QUALITY / 100})) }).then(() => 1))`,
        'raw/CDP': (f) => `(window.__eye.goToFrame(${f}), new Uint8Array(${pixels}.buffer).toBase64())`,
        'raw/POST': (f) => `(window.__eye.goToFrame(${f}), fetch('http://127.0.0.1:${port}/${token}?frame=${f}', { method: 'POST', mode: 'no-cors', body: ${pixels} }).then(() => 1))`,
        'yuv/POST': (f) => `(window.__eye.goToFrame(${f}), window.__i420().then((blob) => fetch('http://127.0.0.1:${port}/${token}?frame=${f}', { method: 'POST', mode: 'no-cors', body: blob })).then(() => 1))`,
      };
      if (PATHS.includes('yuv/POST')) await evaluate(await i420Source());

      /** One path's frames 2…frames+1 into a film (`out`), two in flight; returns its CPU and wall per frame. */
      const runPath = async (path: PathName, out: string, tee?: Writable): Promise<Sample> => {
        await load();
        const ff = startFfmpeg(filmArgv(path, width, height, scene.fps, out));
        const hashes: string[] = [];
        const hash = (b: Buffer | string) => hashes.push(createHash('sha256').update(typeof b === 'string' ? Buffer.from(b, 'base64') : b).digest('hex'));
        let bytes = 0;
        const sink = async (b: Buffer) => {
          if (tee) await write(tee, b);
          await write(ff.stdin, b);
        };
        const exactBytes = path === 'raw/POST' ? width * height * 4 : path === 'yuv/POST' ? (width * height * 3) / 2 : null;
        expect = POSTED.has(path) ? { frame: 2, exactBytes, sink, hash: (b) => (hash(b), (bytes += b.length)) } : null;
        const cpu0 = treeCpuMs()!;
        const node0 = process.cpuUsage();
        const ff0 = reapedMs();
        const t0 = performance.now();
        const call = (f: number) => evaluate(ask[path](f), POSTED.has(path));
        const inFlight: Promise<unknown>[] = [call(2), call(3)];
        for (let f = 2; f < frames + 2; f++) {
          const got = await inFlight.shift()!;
          if (f + 2 < frames + 2) inFlight.push(call(f + 2));
          if (POSTED.has(path)) continue; // the server has hashed and queued it
          const text = got as string;
          hash(text);
          bytes += (text.length * 3) / 4;
          await write(ff.stdin, text);
        }
        ff.stdin.end();
        await ff.exited;
        const node = process.cpuUsage(node0);
        const s = { cpu: (treeCpuMs()! - cpu0) / frames, node: (node.user + node.system) / 1000 / frames, ffmpeg: (reapedMs() - ff0) / frames, wall: (performance.now() - t0) / frames, bytes: bytes / frames };
        if (hashes.length !== frames) throw new Error(`${path}: ${hashes.length} frames arrived, expected ${frames}`);
        frameHashes.set(path, hashes);
        return s;
      };

      /** Each path's last pass's frame hashes: the two JPEG paths must carry the same bytes. */
      const frameHashes = new Map<PathName, string[]>();
      let yuvAgreement: string | null = null;
      const samples = new Map<PathName, Sample[]>(PATHS.map((p) => [p, []]));
      for (let r = 0; r < repeat; r++) {
        for (const path of r % 2 ? [...PATHS].reverse() : PATHS) {
          process.stderr.write(`bench-raw-capture: ${size} pass ${r + 1}: ${path}\n`);
          samples.get(path)!.push(await runPath(path, join(tmp, `${size}-${path.replace('/', '-')}.mp4`)));
        }
      }
      const same = (a: PathName, b: PathName) => frameHashes.get(a)!.every((h, i) => h === frameHashes.get(b)![i]);
      const has = (p: PathName) => PATHS.includes(p);
      if (has('jpeg/POST-sync') && !same('jpeg/CDP', 'jpeg/POST-sync')) throw new Error('jpeg/POST-sync carried other bytes than jpeg/CDP');
      if (has('jpeg/POST') && !same('jpeg/CDP', 'jpeg/POST')) throw new Error('jpeg/POST carried other bytes than jpeg/CDP (toBlob and toDataURL differ)');
      if (has('raw/CDP') && has('raw/POST') && !same('raw/CDP', 'raw/POST')) throw new Error('raw/POST carried other bytes than raw/CDP');
      // The lossless frames: the raw pixels of the same frames through the film's own conversion (untimed).
      process.stderr.write(`bench-raw-capture: ${size}: lossless reference and fidelity\n`);
      const reference = join(tmp, `${size}.yuv`);
      // One filter thread: with more, zscale converts slices of the frame apart (i420-zscale.test.ts).
      const ref = startFfmpeg(['-v', 'error', '-filter_threads', '1', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', size, '-i', 'pipe:0', '-vf', `format=gbrp,${COLOUR_FILTERS.zscale}`, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-y', reference]);
      await runPath('raw/POST', join(tmp, 'discard.mp4'), ref.stdin);
      ref.stdin.end();
      await ref.exited;
      if (has('yuv/POST')) {
        // The page's I420 against zimg's, sample by sample (the same frames, both lossless).
        const pageYuv = join(tmp, `${size}-page.yuv`);
        const { createWriteStream } = await import('node:fs');
        const file = createWriteStream(pageYuv);
        await runPath('yuv/POST', join(tmp, 'discard.mp4'), file);
        await new Promise<void>((ok) => file.end(ok));
        yuvAgreement = compareI420(readFileSync(pageYuv), readFileSync(reference), width, height);
      }
      const fidelity = new Map<PathName, Fidelity>();
      for (const path of PATHS) {
        const f = spawnSync(ffmpeg, fidelityArgs(join(tmp, `${size}-${path.replace('/', '-')}.mp4`), reference, width, height, scene.fps), { maxBuffer: 1 << 24 });
        fidelity.set(path, parseFidelity(f.stderr.toString()));
      }
      const m = (p: PathName, k: keyof Sample) => median(samples.get(p)!.map((s) => s[k]));
      const out = [
        `${sceneName} ${size}, ${frames} frames, the median of ${repeat} passes (CPU ms a frame; browser = tree − Node − ffmpeg)`,
        '',
        '| path | CPU, whole tree | browser | Node | ffmpeg | wall | bytes a frame over the channel | film kB a frame | PSNR Y / all (dB) | SSIM Y / all |',
        '|---|---|---|---|---|---|---|---|---|---|',
        ...PATHS.map((p) => {
          const f = fidelity.get(p)!;
          const film = statSync(join(tmp, `${size}-${p.replace('/', '-')}.mp4`)).size / frames / 1000;
          return `| ${p} | ${m(p, 'cpu').toFixed(1)} | ${(m(p, 'cpu') - m(p, 'node') - m(p, 'ffmpeg')).toFixed(1)} | ${m(p, 'node').toFixed(1)} | ${m(p, 'ffmpeg').toFixed(1)} | ${m(p, 'wall').toFixed(1)} | ${Math.round(m(p, 'bytes')).toLocaleString('en')} | ${film.toFixed(1)} | ${f.psnrY.toFixed(2)} / ${f.psnrAll.toFixed(2)} | ${f.ssimY.toFixed(4)} / ${f.ssimAll.toFixed(4)} |`;
        }),
        '',
        `frames byte for byte the same over CDP and POST (sha256 of each): ${[has('jpeg/POST') || has('jpeg/POST-sync') ? `jpeg ${frames}/${frames}` : '', has('raw/CDP') && has('raw/POST') ? `raw ${frames}/${frames}` : ''].filter(Boolean).join(', ') || 'no pair run'}`,
        ...(yuvAgreement ? ['', `yuv/POST's I420 (the page's BT.709 conversion) against zimg's from the same pixels: ${yuvAgreement}`] : []),
        '',
        `passes (CPU, whole tree): ${PATHS.map((p) => `${p} ${samples.get(p)!.map((s) => s.cpu.toFixed(1)).join(', ')}`).join('; ')}`,
        '',
      ];
      process.stdout.write(`${out.join('\n')}\n`);
    } finally {
      server.close();
      await browser.close().catch(() => undefined);
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

/**
 * The page's own read of the canvas as the film's I420 (build/page/canvas-i420.ts, the render's: a
 * VideoFrame's copyTo, then build/core/video/i420.ts's conversion, held to the films' zscale sample by
 * sample by i420-zscale.test.ts), bundled for the page; each read's bytes go into a Blob before the
 * next read reuses them (two frames are in flight).
 */
async function i420Source(): Promise<string> {
  const bundle = await build({
    stdin: {
      contents: `import { createCanvasI420 } from './build/page/canvas-i420.ts'; const read = createCanvasI420(document.querySelector('canvas')); window.__i420 = () => read((b) => new Blob([b]));`,
      resolveDir: projectRoot(),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    logLevel: 'silent',
  });
  return `${bundle.outputFiles[0].text}; 1`;
}

/** Two I420 streams of the same frames: the largest difference per plane and the share of samples off by more than 1. */
function compareI420(a: Buffer, b: Buffer, width: number, height: number): string {
  if (a.length !== b.length) return `lengths differ (${a.length} against ${b.length})`;
  const frame = (width * height * 3) / 2;
  const planes = [['Y', 0, width * height], ['Cb', width * height, (width * height) / 4], ['Cr', (width * height * 5) / 4, (width * height) / 4]] as const;
  return planes
    .map(([name, at, n]) => {
      let max = 0, over = 0, total = 0;
      for (let f = 0; f + frame <= a.length; f += frame)
        for (let i = f + at; i < f + at + n; i++) {
          const d = Math.abs(a[i] - b[i]);
          if (d > max) max = d;
          if (d > 1) over++;
          total++;
        }
      return `${name} largest ${max}, ${((100 * over) / total).toFixed(3)} % off by more than 1`;
    })
    .join('; ');
}
