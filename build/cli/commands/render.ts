import { availableParallelism, freemem } from 'node:os';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Option, type Command } from 'commander';
import { withSettings } from '../../scene/parse.ts';
import type { Scene } from '../../scene/scene.ts';
import { createBrowserSession, type BrowserSession } from '../../node/browser/browser-session.ts';
import { defaultFrameFormat, type CaptureMethod, type FrameFormat } from '../../node/browser/capture-frame.ts';
import { defaultJobs } from '../../node/render/default-jobs.ts';
import { findBrowser } from '../../node/browser/find-browser.ts';
import { findFfmpeg } from '../../node/render/find-ffmpeg.ts';
import { handleInterrupts } from '../../node/io/interrupt.ts';
import { appendLedger } from '../../node/ledger/ledger.ts';
import { ensureOutDir } from '../../node/io/ensure-out-dir.ts';
import { OUT_TEMP, sweepOwned } from '../../node/io/owned-temp.ts';
import { loadScenes } from '../../node/io/load-scene.ts';
import { createProgress } from '../../node/render/progress.ts';
import { projectRoot } from '../../node/io/project-root.ts';
import { pixelDisagreement, type RenderSummary } from '../../node/render/render-scene.ts';
import { filmCode } from '../../node/cache/film-code.ts';
import { filmKey, type FilmCode } from '../../node/cache/film-key.ts';
import { DEFAULT_CACHE_MAX_SIZE, pruneCache } from '../../node/cache/prune.ts';
import { parseByteSize } from '../../node/cache/byte-size.ts';
import { renderCached } from '../../node/cache/render-cached.ts';
import { openCache, type CacheStore } from '../../node/cache/store.ts';
import { ledgerEntry, type LedgerInput } from '../../node/ledger/ledger.ts';
import { parseShard, shardBins, type Shard } from '../../node/shard/shard-scenes.ts';
import { shardManifestName, type ShardManifest } from '../../node/shard/shard-manifest.ts';
import { writeFileAtomic } from '../../node/stills/write-file-atomic.ts';
import { DEFAULT_MASK_SCALE } from '../../node/render/pixel-proof.ts';
import { CliError, EXIT } from '../../errors/exit.ts';
import { intOption, sceneSettings, type RawSceneOptions } from './render-options.ts';

interface RenderFlags extends RawSceneOptions {
  out: string;
  json?: boolean;
  jobs: string;
  capture: string;
  format: string;
  ledger: boolean;
  pixels: boolean;
  maskLidOffsetMm?: string;
  cache: boolean;
  cacheDir: string;
  force?: boolean;
  shard?: string;
}

const CAPTURES = ['auto', 'canvas', 'beginframe', 'screenshot'] as const;
const FORMATS = ['auto', 'png', 'jpeg'] as const;

function oneOf<T extends string>(v: string, flag: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(v)) throw new CliError(EXIT.badInput, `${flag}: expected one of ${allowed.join(', ')}, got "${v}"`);
  return v as T;
}

function defaultMeasure(): { maskScale: number } {
  return { maskScale: DEFAULT_MASK_SCALE };
}

/** The progress line's word on the pixel path. */
function pixelLine(s: RenderSummary): string {
  const p = s.pixels;
  if (!p) return '';
  const mm = (v: number | null) => (v === null ? '—' : v.toFixed(2));
  const brow = p.browLiftMm.measured ? `brow ≤ ${mm(p.browLiftMm.maxAbs)} mm` : 'brow not in the mask';
  const r = p.representative;
  const typical = !r ? '' : r.pass ? ', typical of its era' : `, ${r.held ? 'NOT TYPICAL' : 'not typical (reported only: not the proof film)'} of its era (${r.verdicts.filter((v) => v.pass === false).map((v) => v.metric).join(', ')})`;
  return `, pixels ${p.agreementPass ? 'agree' : 'DISAGREE'} (saccades ${p.saccades.pixel}/${p.saccades.model}, blinks ${p.blinks.pixel}/${p.blinks.model}, aperture ≤ ${mm(p.apertureMm.maxAbs)} mm, ${brow})${typical}`;
}

/** The pixel path's numbers for the ledger. */
function pixelMetrics(s: RenderSummary): Record<string, number | null> {
  const p = s.pixels;
  if (!p) return {};
  return {
    pixelSaccades: p.saccades.pixel,
    modelSaccades: p.saccades.model,
    pixelBlinks: p.blinks.pixel,
    modelBlinks: p.blinks.model,
    pixelApertureMaxAbsErrMm: p.apertureMm.maxAbs,
    pixelBrowMaxAbsErrMm: p.browLiftMm.maxAbs,
    ...Object.fromEntries((p.representative?.verdicts ?? []).map((v) => [`pixel.${v.metric}`, v.value])),
  };
}

/** `eye render [scene…]`: films, traces and summaries into proof/<scene>/. */
export function registerRender(program: Command): void {
  program
    .command('render')
    .description(
      'Render scenes in headless Chromium frame by frame into proof/<scene>/ (film.mp4, trace.json, pixels.json, assertions.json, summary.json), measuring every frame from its mask pass; exits 1 when a film\'s pixels disagree with its model. No scene named: every scene under scenes/.',
    )
    .argument('[scenes...]', 'scene names (1970-script) or paths to scene files')
    .option('--fps <n>', 'frames per second, an integer from 1 to 240 (default: the scene\'s)')
    .option('--duration <s>', 'scene time to render in seconds, 0.1 to 3600 (default: the scene\'s)')
    .option('--size <WxH>', 'frame size, even integers, e.g. 1280x720 (default: the scene\'s)')
    .option('--seed <n>', 'random seed, an integer from 0 to 2^31-1 (default: the scene\'s)')
    .option('--out <dir>', 'where scene folders are written', resolve(projectRoot(), 'proof'))
    .option('--json', 'print the summaries as JSON on stdout')
    .option('--jobs <n>', 'scenes rendered at once, each in its own browser (1 to 8; default: one per core, as memory allows)', String(defaultJobs(availableParallelism(), freemem())))
    .option('--capture <how>', `frame capture: ${CAPTURES.join(', ')} (auto: the canvas's own pixels if the page can encode them, else beginFrame if the start-up probe finds it, else screenshot)`, 'auto')
    .option('--format <fmt>', `image format from Chromium to ffmpeg: ${FORMATS.join(', ')} (auto: jpeg for the colour film)`, 'auto')
    .option('--no-ledger', 'do not append a line to ledger.jsonl')
    .option('--no-pixels', 'skip the pixel path (the film is then not measured from its mask nor held to its model)')
    .option('--force', 'render even scenes whose films are in the cache (and replace their entries)')
    .option('--no-cache', 'neither restore from nor store into the cache')
    .option('--cache-dir <dir>', `the content-addressed cache: a scene whose scene, settings and code are unchanged is restored from it whole, not rendered; after the run it is pruned to ${DEFAULT_CACHE_MAX_SIZE} (least recently used first; eye cache prune --max-size to choose)`, resolve(projectRoot(), 'cache'))
    .option('--shard <i/n>', 'render only shard i of n: the scenes split into n bins balanced by frame count (longest first, ties by name); writes <out>/shard-i-of-n.json with the run\'s ledger line instead of appending to ledger.jsonl (eye merge joins the shards)')
    // A deliberately broken mask (its upper lid drawn this much low), so a test can watch the pixel check fail.
    .addOption(new Option('--mask-lid-offset-mm <mm>').hideHelp())
    .action(async (names: string[], flags: RenderFlags) => {
      process.exitCode = await runRender(names, flags, process.argv.slice(3));
    });
}

async function runRender(names: string[], flags: RenderFlags, argv: string[]): Promise<number> {
  const wallStart = performance.now();
  // Everything is validated before any work: scene files, settings, browser, ffmpeg.
  const jobs = intOption(flags.jobs, '--jobs', 1, 8);
  const capture = oneOf(flags.capture.toLowerCase(), '--capture', CAPTURES);
  const formatFlag = oneOf(flags.format.toLowerCase(), '--format', FORMATS);
  const format: FrameFormat = formatFlag === 'auto' ? defaultFrameFormat('color') : formatFlag;
  const settings = sceneSettings(flags);
  const allScenes: Scene[] = loadScenes(names).map((s) => withSettings(s, settings));
  const shard: Shard | null = flags.shard === undefined ? null : shardOption(flags.shard);
  const scenes = shard ? shardBins(allScenes, shard.count)[shard.index - 1] : allScenes;
  // A proof film is the scene as its file says; another length or seed is a sample, its spread reported only.
  const holdSpread = settings.durationS === undefined && settings.seed === undefined;
  if (allScenes.length === 0) throw new CliError(EXIT.badInput, 'no scenes to render (scenes/ is empty)');
  const executable = findBrowser();
  const ffmpeg = findFfmpeg();
  const outDir = resolve(flags.out);
  ensureOutDir(outDir);
  // Staging folders of renders that were killed (-9: no chance to clean up) are removed now.
  sweepOwned(outDir, OUT_TEMP);
  const method: 'auto' | CaptureMethod = capture === 'beginframe' ? 'beginFrame' : capture;
  const offset = flags.maskLidOffsetMm === undefined ? 0 : Number(flags.maskLidOffsetMm);
  if (!Number.isFinite(offset) || Math.abs(offset) > 20) throw new CliError(EXIT.badInput, `--mask-lid-offset-mm: expected a number of mm from -20 to 20, got "${flags.maskLidOffsetMm}"`);
  const measure = flags.pixels ? (offset === 0 ? {} : { maskUpperLidOffsetMm: offset }) : null;
  const measured = measure === null ? null : { ...defaultMeasure(), ...measure };
  const store: CacheStore | null = flags.cache ? openCache(resolve(flags.cacheDir)) : null;
  store?.sweep();
  // One code fingerprint for the run (page bundle, build/ sources, browser and ffmpeg versions).
  // (A shard records it too, so eye merge can refuse shards made by different code, browsers or encoders.)
  const code: FilmCode | null = (store && scenes.length > 0) || shard ? await filmCode(projectRoot(), executable.path, ffmpeg.ffmpeg) : null;
  const cached = new Set<string>();

  handleInterrupts();
  const progress = createProgress();
  const results: RenderSummary[] = [];
  const failures: { scene: string; error: unknown }[] = [];
  const queue = [...scenes];
  const sessions: BrowserSession[] = [];
  const worker = async () => {
    const session = createBrowserSession({ executable, capture: method, format, width: scenes[0].width, height: scenes[0].height });
    sessions.push(session);
    for (let scene = queue.shift(); scene; scene = queue.shift()) {
      try {
        const use =
          store && code
            ? {
                store,
                key: filmKey(scene, { pass: 'color', measure: measured, holdSpread, capture: method, format }, code),
                force: flags.force === true,
                onWarning: (m: string) => progress.line(`cache: ${m}`),
              }
            : null;
        const { summary, cached: restored } = await renderCached(scene, { session, ffmpeg, outDir, measure: measured, holdSpread, onProgress: (p) => progress.update(p) }, use);
        results.push(summary);
        if (restored) cached.add(scene.name);
        // A restored scene says so; its numbers (timings too) are the original render's, as its summary.json keeps them.
        const how = restored ? `cached (rendered at ${summary.msPerFrame.total} ms/frame)` : `${summary.msPerFrame.total} ms/frame (capture ${summary.msPerFrame.capture}, ${summary.capture.method}/${summary.capture.format})`;
        progress.line(`${scene.name}: ${summary.frames} frames ${summary.width}x${summary.height}@${summary.fps}, ${how}, film ok${pixelLine(summary)} → ${resolve(outDir, scene.name)}`);
        // The folder is written either way (the evidence); a film that disagrees fails the run.
        const disagrees = pixelDisagreement(summary);
        if (disagrees) {
          failures.push({ scene: scene.name, error: disagrees });
          if (scenes.length > 1) progress.line(`${scene.name}: failed: ${disagrees.message}`);
        }
      } catch (error) {
        failures.push({ scene: scene.name, error });
        // One scene: the error is the run's one line (printed by main). Several: say which as we go.
        if (scenes.length > 1) progress.line(`${scene.name}: failed: ${error instanceof Error ? error.message : String(error)}`);
        // An environment problem (no browser) would fail every scene the same way: stop here.
        if (error instanceof CliError && error.exitCode === EXIT.environment) queue.length = 0;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(jobs, scenes.length) }, worker));
  } finally {
    await Promise.all(sessions.map((s) => s.close()));
  }

  if (store) {
    try {
      pruneCache(store, parseByteSize(DEFAULT_CACHE_MAX_SIZE));
    } catch (err) {
      progress.line(`cache: not pruned (${(err as Error).message.split('\n')[0]})`);
    }
  }
  const line: LedgerInput = {
    command: 'render',
    argv,
    wallMs: Math.round(performance.now() - wallStart),
    scenes: [
      ...results.map((r) => ({
        scene: r.scene,
        pass: r.film.verdict.ok && (r.pixels?.pass ?? true),
        metrics: { frames: r.frames, msPerFrame: r.msPerFrame.total, captureMsPerFrame: r.msPerFrame.capture, filmBytes: r.film.bytes, ...pixelMetrics(r) },
        failed: [...r.film.verdict.checks.filter((c) => !c.pass).map((c) => c.name), ...(r.pixels && !r.pixels.pass ? ['pixels'] : [])],
        ...(cached.has(r.scene) ? { cached: true } : {}),
      })),
      ...failures.filter((f) => !results.some((r) => r.scene === f.scene)).map((f) => ({ scene: f.scene, pass: false, metrics: {}, failed: ['render'] })),
    ],
  };
  if (shard) {
    // The shard's ledger line travels with its proof folder; eye merge appends the joined line.
    const manifest: ShardManifest = {
      shard,
      allScenes: allScenes.map((s) => s.name).sort(),
      scenes: scenes.map((s) => s.name),
      digests: Object.fromEntries(results.map((r) => [r.scene, r.frameHashes.digest])),
      settings: { ...settings, capture: method, format, measure: measured, holdSpread },
      code: code!,
      ledger: ledgerEntry(line),
    };
    mkdirSync(outDir, { recursive: true });
    writeFileAtomic(join(outDir, shardManifestName(shard)), `${JSON.stringify(manifest, null, 2)}\n`);
    progress.line(`shard ${shard.index}/${shard.count}: ${scenes.length} of ${allScenes.length} scenes (${scenes.map((s) => s.name).join(', ') || 'none'}) → ${join(outDir, shardManifestName(shard))}`);
  } else if (flags.ledger) {
    appendLedger(line);
  }
  if (flags.json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  if (failures.length > 0) {
    // Report the first failure as the run's error (its exit code says what kind of failure it was).
    const first = failures[0].error;
    if (failures.length > 1 && first instanceof CliError) {
      throw new CliError(first.exitCode, `${failures.length} of ${scenes.length} scenes failed; first: ${first.message}`);
    }
    throw first;
  }
  return EXIT.ok;
}

/** `--shard i/n` as a Shard, or a bad-input error stating the form. */
function shardOption(text: string): Shard {
  try {
    return parseShard(text);
  } catch (err) {
    throw new CliError(EXIT.badInput, `--shard: ${(err as Error).message}`);
  }
}
