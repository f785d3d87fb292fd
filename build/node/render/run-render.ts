import { join, resolve } from 'node:path';
import { mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { withSettings } from '../../scene/parse.ts';
import type { Scene } from '../../scene/scene.ts';
import { createBrowserSession, type BrowserSession } from '../browser/browser-session.ts';
import { defaultFrameFormat, type CaptureMethod, type FrameFormat } from '../browser/capture-frame.ts';
import { findBrowser } from '../browser/find-browser.ts';
import { findFfmpeg } from '../ffmpeg/find-ffmpeg.ts';
import { handleInterrupts } from '../io/interrupt.ts';
import { appendLedger, ledgerEntry, type LedgerInput } from '../ledger/ledger.ts';
import { PIXEL_METRIC_PREFIX } from '../../core/ledger/ledger-entry.ts';
import { ensureOutDir } from '../io/ensure-out-dir.ts';
import { OUT_TEMP, sweepOwned } from '../io/owned-temp.ts';
import { loadScenes } from '../io/load-scene.ts';
import { createProgress } from './progress.ts';
import { projectRoot } from '../io/project-root.ts';
import { pixelDisagreement, type RenderSummary } from './render-scene.ts';
import { filmCode } from '../cache/film-code.ts';
import { filmKey, type FilmCode, type FilmSettings } from '../cache/film-key.ts';
import { DEFAULT_CACHE_MAX_SIZE, pruneCache } from '../cache/prune.ts';
import { parseByteSize } from '../../core/cache/byte-size.ts';
import { renderCached } from './render-cached.ts';
import { feedOf } from '../../page/frame-feed.ts';
import { openCache, type CacheStore } from '../cache/store.ts';
import type { Shard } from '../../core/shard/shard-scenes.ts';
import { shardBins } from '../../core/shard/shard-scenes.ts';
import { shardManifestName, type ShardManifest } from '../shard/shard-manifest.ts';
import { writeFileAtomic } from '../io/write-file-atomic.ts';
import { hashTree } from '../io/tree-hashes.ts';
import { DEFAULT_MASK_SCALE } from './pixel-proof.ts';
import { CliError, EXIT } from '../../errors/exit.ts';

/** What `eye render` runs with, parsed and validated (build/cli/commands/render.ts declares the flags). */
export interface RenderRunOptions {
  /** --fps --duration --size --seed as scene fields (withSettings validates them like a scene file). */
  settings: Partial<Omit<Scene, 'name'>>;
  out: string;
  json: boolean;
  jobs: number;
  capture: 'auto' | CaptureMethod;
  format: 'auto' | FrameFormat;
  ledger: boolean;
  pixels: boolean;
  /** A deliberately broken mask's upper lid offset, mm (tests watch the pixel check fail); 0 normally. */
  maskLidOffsetMm: number;
  cache: boolean;
  cacheDir: string;
  force: boolean;
  shard: Shard | null;
  /** Every film is a sample (eye compare's panels): its era spread and its pixels' agreement with the model reported, never held. */
  sample?: boolean;
}

/**
 * What besides the scene and the code decides a run's films (their cache keys): the render's keys and
 * eye compare's kept-clip check both read it here.
 */
export function filmSettingsOf(flags: RenderRunOptions): FilmSettings {
  const offset = flags.maskLidOffsetMm;
  const measure = flags.pixels ? { maskScale: DEFAULT_MASK_SCALE, ...(offset === 0 ? {} : { maskUpperLidOffsetMm: offset }) } : null;
  return {
    pass: 'color',
    measure,
    // A proof film is the scene as its file says; another length or seed is a sample, its spread reported only.
    holdSpread: flags.sample !== true && flags.settings.durationS === undefined && flags.settings.seed === undefined,
    capture: flags.capture,
    format: flags.format === 'auto' ? defaultFrameFormat('color') : flags.format,
  };
}

/** Each scene's film key as `eye render` with these flags would look it up (null: the run uses no cache). */
export async function filmKeysOf(scenes: readonly Scene[], flags: RenderRunOptions): Promise<string[] | null> {
  if (!flags.cache) return null;
  const code = await filmCode(projectRoot(), findBrowser().path, findFfmpeg().ffmpeg);
  const settings = filmSettingsOf(flags);
  return scenes.map((s) => filmKey(s, feedOf(s).digest, settings, code));
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
    // Every number filmMetrics measures on the pixels (eye compare's labels read these back by name);
    // the film's length is in the line's settings.
    ...Object.fromEntries(Object.entries(p.metrics).flatMap(([k, v]) => (k !== 'durationS' && (typeof v === 'number' || v === null) ? [[`${PIXEL_METRIC_PREFIX}${k}`, v]] : []))),
  };
}

/**
 * `eye render`: load and validate every scene first, then render them on `jobs` browsers (restored from
 * the cache where unchanged), write the ledger line (or the shard manifest), and fail with the first
 * failure's exit code.
 */
export async function runRender(names: string[], flags: RenderRunOptions, argv: string[]): Promise<number> {
  // Everything is validated before any work: scene files, settings, browser, ffmpeg.
  return runRenderScenes(loadScenes(names).map((s) => withSettings(s, flags.settings)), flags, argv);
}

/** runRender on scenes already loaded and settled (eye compare makes preset variants of a scene file). */
export async function runRenderScenes(allScenes: Scene[], flags: RenderRunOptions, argv: string[]): Promise<number> {
  const wallStart = performance.now();
  const { jobs, settings } = flags;
  const filmSettings = filmSettingsOf(flags);
  const { format, measure: measured, holdSpread } = filmSettings;
  const method = flags.capture;
  const shard: Shard | null = flags.shard ?? null;
  const scenes = shard ? shardBins(allScenes, shard.count)[shard.index - 1] : allScenes;
  if (allScenes.length === 0) throw new CliError(EXIT.badInput, 'no scenes to render (scenes/ is empty)');
  const executable = findBrowser();
  const ffmpeg = findFfmpeg();
  const outDir = resolve(flags.out);
  ensureOutDir(outDir);
  // Staging folders of renders that were killed (-9: no chance to clean up) are removed now.
  sweepOwned(outDir, OUT_TEMP);
  const progress = createProgress();
  // A damaged entry (a cut film, a broken summary) is one line among the scenes' lines, then rendered.
  const store: CacheStore | null = flags.cache ? openCache(resolve(flags.cacheDir), (m) => progress.line(`cache: ${m}`)) : null;
  store?.sweep();
  // One code fingerprint for the run (page bundle, build/ sources, browser and ffmpeg versions).
  // (A shard records it too, so eye merge can refuse shards made by different code, browsers or encoders.)
  const code: FilmCode | null = (store && scenes.length > 0) || shard ? await filmCode(projectRoot(), executable.path, ffmpeg.ffmpeg) : null;
  const cached = new Set<string>();

  handleInterrupts();
  const results: RenderSummary[] = [];
  const failures: { scene: string; error: unknown }[] = [];
  const queue = [...scenes];
  const sessions: BrowserSession[] = [];
  const worker = async () => {
    const session = createBrowserSession({ executable, capture: method, format, width: scenes[0].width, height: scenes[0].height });
    sessions.push(session);
    for (let scene = queue.shift(); scene; scene = queue.shift()) {
      try {
        // The sample stream the page will draw, simulated here (~0.1 s a scene): the film's key, and what its render is held to.
        const feed = feedOf(scene);
        const use =
          store && code
            ? {
                store,
                key: filmKey(scene, feed.digest, filmSettings, code),
                force: flags.force === true,
                onWarning: (m: string) => progress.line(`cache: ${m}`),
              }
            : null;
        const { summary, cached: restored } = await renderCached(scene, { session, ffmpeg, outDir, measure: measured, holdSpread, feed, onProgress: (p) => progress.update(p) }, use);
        results.push(summary);
        if (restored) cached.add(scene.name);
        // A restored scene says so; its numbers (timings too) are the original render's, as its summary.json keeps them.
        const how = restored ? `cached (rendered at ${summary.msPerFrame.total} ms/frame)` : `${summary.msPerFrame.total} ms/frame (capture ${summary.msPerFrame.capture}, ${summary.capture.method}/${summary.capture.format})`;
        progress.line(`${scene.name}: ${summary.frames} frames ${summary.width}x${summary.height}@${summary.fps}, ${how}, film ok${pixelLine(summary)} → ${resolve(outDir, scene.name)}`);
        // The folder is written either way (the evidence); a film that disagrees fails the run. A
        // sample (eye compare's panel, often at a smaller size where the pixel path resolves less) says
        // so and goes on: its label's numbers are its pixels' whichever way the model counts.
        const disagrees = pixelDisagreement(summary);
        if (disagrees && flags.sample === true) {
          progress.line(`${scene.name}: a sample, reported, not held: ${disagrees.message}`);
        } else if (disagrees) {
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
  // The scenes in the order asked, not the order the workers finished them: the same run, the same line.
  const order = new Map(scenes.map((s, i) => [s.name, i]));
  results.sort((a, b) => (order.get(a.scene) ?? 0) - (order.get(b.scene) ?? 0));
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
        settings: { width: r.width, height: r.height, fps: r.fps, durationS: r.durationS, seed: r.seed },
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
      files: Object.fromEntries(results.map((r) => [r.scene, hashTree(join(outDir, r.scene))])),
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
