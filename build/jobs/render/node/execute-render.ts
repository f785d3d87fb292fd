import { join, resolve } from 'node:path';
import { mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createBrowserSession, type BrowserSession } from '../../../node/browser/browser-session.ts';
import type { BrowserExecutable } from '../../../node/browser/find-browser.ts';
import type { FfmpegTools } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { handleInterrupts } from '../../../node/io/interrupt.ts';
import { appendLedger, ledgerEntry, type LedgerInput } from '../../ledger/node/ledger.ts';
import { PIXEL_METRIC_PREFIX } from '../../ledger/core/ledger-entry.ts';
import type { createProgress } from './progress.ts';
import { pixelDisagreement, type RenderSummary } from './render-scene.ts';
import { chunkKey, type FilmCode } from '../../cache/node/film-key.ts';
import { DEFAULT_CACHE_MAX_SIZE, pruneCache } from '../../cache/node/prune.ts';
import { parseByteSize } from '../../cache/core/byte-size.ts';
import { renderCached, storeRendered } from './render-cached.ts';
import { renderChunksHere, startChunkedFilm, type ChunkCounts, type ChunkedFilm } from './render-chunked.ts';
import type { ChunkCacheUse } from './render-chunk-cache.ts';
import type { FilmChunk } from '../core/chunk-plan.ts';
import { jobOrder } from '../core/job-order.ts';
import type { Scene } from '../../../scene/scene.ts';
import type { feedOf } from '../../../page/frame-feed.ts';
import type { CacheStore } from '../../cache/node/store.ts';
import { shardManifestName, type ShardManifest } from '../../shard/node/shard-manifest.ts';
import { writeFileAtomic } from '../../../node/io/write-file-atomic.ts';
import { hashTree } from '../../../node/io/tree-hashes.ts';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { filmSettingsFor, type PlannedScene, type RenderPlan } from './plan-render.ts';

/** What the executor works with besides the plan: the tools found, the folders opened, what was computed once. */
export interface RenderEnvironment {
  executable: BrowserExecutable;
  ffmpeg: FfmpegTools;
  /** The output folder, resolved, made and swept. */
  outDir: string;
  /** The cache, opened and swept (null: --no-cache). */
  store: CacheStore | null;
  code: FilmCode | null;
  /** Each scene's sample stream, by name: its key's digest, and what its render is held to. */
  feeds: ReadonlyMap<string, ReturnType<typeof feedOf>>;
  progress: ReturnType<typeof createProgress>;
  argv: string[];
  /** When the run started (performance.now()), for the ledger's wall time. */
  wallStart: number;
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

/** One job for a worker: a whole scene (rendered, or restored), or one chunk of a film rendered as chunks. */
type RenderJob = { planned: PlannedScene; film?: undefined } | { planned: PlannedScene; film: ChunkedFilm; chunk: FilmChunk };

/** The plan's scenes as jobs, in the order the workers take them (jobOrder): a chunked film's chunks each a job of its own. */
function renderJobs(planned: readonly PlannedScene[], outDir: string, chunkCache: (p: PlannedScene) => ChunkCacheUse | null): RenderJob[] {
  const jobs = planned.flatMap((p): RenderJob[] => {
    if (p.action === 'restore' || p.chunks.length === 1) return [{ planned: p }];
    const film = startChunkedFilm(p.scene, p.chunks, outDir, chunkCache(p));
    return p.chunks.map((chunk) => ({ planned: p, film, chunk }));
  });
  const span = (c: FilmChunk) => c.endFrame - c.startFrame;
  return jobOrder(jobs.map((j) => ({ restore: j.planned.action === 'restore', frames: j.film ? span(j.chunk) : j.planned.chunks.reduce((n, c) => n + span(c), 0) }))).map((i) => jobs[i]);
}

/**
 * Carry a render plan out: render its scenes on its browsers (restored from the cache where the plan
 * found them and the entry is whole), prune the cache, write the ledger line (or the shard manifest),
 * and fail with the first failure's exit code.
 */
export async function executeRender(plan: RenderPlan, env: RenderEnvironment): Promise<number> {
  const { executable, ffmpeg, outDir, store, code, progress } = env;
  const { shard, film } = plan;
  const { format, measure: measured, holdSpread } = film;
  const method = film.capture;
  const scenes = plan.scenes.map((p) => p.scene);
  const cached = new Set<string>();
  // A chunked film rendered: how many of its chunks came from the cache (their own entries) and how many were rendered.
  const chunkCounts = new Map<string, ChunkCounts>();
  // Each chunk of a film is cached on its own, keyed like the film but by the frames it draws (film-key.ts chunkKey).
  const chunkCache = (p: PlannedScene): ChunkCacheUse | null => {
    if (!store || !code || p.key === null) return null;
    const settings = filmSettingsFor(plan.film, p.scene);
    return { store, force: p.reason === 'forced', keyOf: (span, digest) => chunkKey(p.scene, span, digest, settings, code), onWarning: (m) => progress.line(`cache: ${m}`) };
  };

  handleInterrupts();
  const results: RenderSummary[] = [];
  const failures: { scene: string; error: unknown }[] = [];
  const queue: RenderJob[] = renderJobs(plan.scenes, outDir, chunkCache);
  const sessions: BrowserSession[] = [];
  const done = (scene: Scene, summary: RenderSummary, restored: boolean) => {
    results.push(summary);
    if (restored) cached.add(scene.name);
    // A restored scene says so; its numbers (timings too) are the original render's, as its summary.json keeps them.
    const parts = chunkCounts.get(scene.name);
    const fromChunks = parts && parts.restored > 0 ? `, chunks ${parts.restored} restored, ${parts.rendered} rendered` : '';
    const how = restored ? `cached (rendered at ${summary.msPerFrame.total} ms/frame)` : `${summary.msPerFrame.total} ms/frame (capture ${summary.msPerFrame.capture}, ${summary.capture.method}/${summary.capture.format}${fromChunks})`;
    progress.line(`${scene.name}: ${summary.frames} frames ${summary.width}x${summary.height}@${summary.fps}, ${how}, film ok${pixelLine(summary)} → ${resolve(outDir, scene.name)}`);
    // The folder is written either way (the evidence); a film that disagrees fails the run. A
    // sample (eye compare's panel, often at a smaller size where the pixel path resolves less) says
    // so and goes on: its label's numbers are its pixels' whichever way the model counts.
    const disagrees = pixelDisagreement(summary);
    if (disagrees && plan.disagreement === 'reported') {
      progress.line(`${scene.name}: a sample, reported, not held: ${disagrees.message}`);
    } else if (disagrees) {
      failures.push({ scene: scene.name, error: disagrees });
      if (scenes.length > 1) progress.line(`${scene.name}: failed: ${disagrees.message}`);
    }
  };
  const worker = async () => {
    const session = createBrowserSession({ executable, capture: method, format, width: scenes[0].width, height: scenes[0].height });
    sessions.push(session);
    for (let job = queue.shift(); job; job = queue.shift()) {
      const { scene, key } = job.planned;
      try {
        const feed = env.feeds.get(scene.name)!;
        const use =
          store && key !== null
            ? {
                store,
                key,
                force: job.planned.reason === 'forced',
                onWarning: (m: string) => progress.line(`cache: ${m}`),
              }
            : null;
        const o = { session, ffmpeg, outDir, measure: measured, holdSpread, feed, spreadStore: store, onProgress: (p: Parameters<typeof progress.update>[0]) => progress.update(p) };
        if (job.film) {
          const t0 = performance.now();
          const outcome = await job.film.render(job.chunk, o);
          if (outcome.film !== 'skipped') progress.line(`${scene.name}: chunk ${job.chunk.index + 1} of ${job.film.chunks.length} (frames ${job.chunk.startFrame}–${job.chunk.endFrame - 1}) ${outcome.restored ? 'restored from the cache' : 'rendered'} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
          if (outcome.film === 'published') {
            chunkCounts.set(scene.name, outcome.chunks);
            storeRendered(scene, o, use, outcome.summary);
            done(scene, outcome.summary, false);
          }
        } else {
          // A restore that finds its entry damaged renders the film as its key says: in its chunks.
          const chunks = job.planned.chunks;
          const render =
            chunks.length > 1
              ? async () => {
                  const r = await renderChunksHere(scene, chunks, o, chunkCache(job.planned));
                  chunkCounts.set(scene.name, r.chunks);
                  return r.summary;
                }
              : undefined;
          const { summary, cached: restored } = await renderCached(scene, o, use, render);
          done(scene, summary, restored);
        }
      } catch (error) {
        failures.push({ scene: scene.name, error });
        // One scene: the error is the run's one line (printed by main). Several: say which as we go.
        if (scenes.length > 1) progress.line(`${scene.name}: failed: ${error instanceof Error ? error.message : String(error)}`);
        // An environment problem (no browser) would fail every scene the same way: stop here (a chunked film's stage is removed as its chunks are skipped).
        if (error instanceof CliError && error.exitCode === EXIT.environment) {
          for (const left of queue.splice(0)) left.film?.abandon();
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: plan.browsers }, worker));
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
    argv: env.argv,
    wallMs: Math.round(performance.now() - env.wallStart),
    scenes: [
      ...results.map((r) => ({
        scene: r.scene,
        pass: r.film.verdict.ok && (r.pixels?.pass ?? true),
        metrics: { frames: r.frames, msPerFrame: r.msPerFrame.total, captureMsPerFrame: r.msPerFrame.capture, filmBytes: r.film.bytes, ...pixelMetrics(r) },
        failed: [...r.film.verdict.checks.filter((c) => !c.pass).map((c) => c.name), ...(r.pixels && !r.pixels.pass ? ['pixels'] : [])],
        ...(cached.has(r.scene) ? { cached: true } : {}),
        ...(chunkCounts.has(r.scene) ? { chunks: chunkCounts.get(r.scene) } : {}),
        settings: { width: r.width, height: r.height, fps: r.fps, durationS: r.durationS, seed: r.seed },
      })),
      ...failures.filter((f) => !results.some((r) => r.scene === f.scene)).map((f) => ({ scene: f.scene, pass: false, metrics: {}, failed: ['render'] })),
    ],
  };
  if (plan.record === 'shard-manifest' && shard) {
    // The shard's ledger line travels with its proof folder; eye merge appends the joined line.
    const manifest: ShardManifest = {
      shard,
      allScenes: [...plan.allScenes].sort(),
      scenes: scenes.map((s) => s.name),
      digests: Object.fromEntries(results.map((r) => [r.scene, r.frameHashes.digest])),
      files: Object.fromEntries(results.map((r) => [r.scene, hashTree(join(outDir, r.scene))])),
      settings: { ...plan.settings, capture: method, format, measure: measured, holdSpread },
      code: code!,
      ledger: ledgerEntry(line),
    };
    mkdirSync(outDir, { recursive: true });
    writeFileAtomic(join(outDir, shardManifestName(shard)), `${JSON.stringify(manifest, null, 2)}\n`);
    progress.line(`shard ${shard.index}/${shard.count}: ${scenes.length} of ${plan.allScenes.length} scenes (${scenes.map((s) => s.name).join(', ') || 'none'}) → ${join(outDir, shardManifestName(shard))}`);
  } else if (plan.record === 'ledger') {
    appendLedger(line);
  }
  if (plan.json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
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
