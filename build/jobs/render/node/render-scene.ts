import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CliError, EXIT } from '../../../errors/exit.ts';
import type { TraceChunk } from '../../../model/trace.ts';
import type { FilmPixels } from './pixel-proof.ts';
import { maskSizePx } from '../../../measure/pixels/mask-size.ts';
import type { PixelChunk } from '../../../measure/pixels/pixel-trace.ts';
import type { PixelMeasureOptions, RenderPass } from '../../../page/protocol.ts';
import type { Scene } from '../../../scene/scene.ts';
import type { BrowserSession } from '../../../node/browser/browser-session.ts';
import { startEncoder, EncoderError, type FilmEncoder } from './encode-film.ts';
import type { EncodeSettings } from '../../../node/ffmpeg/ffmpeg-args.ts';
import type { EyeBrowser } from '../../../node/browser/launch-eye-browser.ts';
import type { FfmpegTools } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { filmVerdict, type FilmVerdict } from '../../../node/ffmpeg/film-verdict.ts';
import type { FrameHashes } from './frame-hashes.ts';
import { captureFrames } from './capture-frames.ts';
import { onInterrupt } from '../../../node/io/interrupt.ts';
import { BrowserCrashError, PageError, RefusedRequestError } from '../../../core/browser/page-error.ts';
import { probeFilm, type FilmProbe } from '../../../node/ffmpeg/probe-film.ts';
import { publishDir } from '../../../node/io/publish-dir.ts';
import { environmentError } from '../../../errors/environment-error.ts';
import { safeText } from '../../../errors/safe-text.ts';
import { ownedPrefix } from '../../../node/io/owned-temp.ts';
import { writeStills } from '../../stills/node/write-stills.ts';
import { eraSpread, type EraSpread } from '../../check/node/era-spread.ts';
import type { CacheStore } from '../../cache/node/store.ts';
import { assertionsJson, DEFAULT_MASK_SCALE, filmPixels } from './pixel-proof.ts';
import { traceJson } from '../core/trace-json.ts';
import { feedOf } from '../../../page/frame-feed.ts';
import { NODE_PAGE_TOLERANCE, traceDisagreement } from '../core/trace-agreement.ts';

export interface RenderOptions {
  session: BrowserSession;
  ffmpeg: FfmpegTools;
  /** Where scene folders go (proof/ by default): `<outDir>/<scene>/film.mp4`, trace.json, summary.json. */
  outDir: string;
  pass?: RenderPass;
  /**
   * The pixel path: measure every frame from its mask pass (default on, at DEFAULT_MASK_SCALE) and
   * hold it to the model (summary.pixels, pixels.json, assertions.json); null renders the film only.
   */
  measure?: PixelMeasureOptions | null;
  /**
   * Fail a film whose pixel-measured numbers lie outside its era's p10–p90 spread (default true).
   * The render holds it only for a proof film, the scene as its file says (its own length and seed);
   * a film with another --duration or --seed is a sample of the eye, not the era's proof, and its
   * spread verdicts are reported only.
   */
  holdSpread?: boolean;
  /** Encoder settings beyond the film's own (the benchmark compares x264 threads and conversions). */
  encode?: Pick<EncodeSettings, 'threads' | 'conversion'>;
  onProgress?: (p: { scene: string; frame: number; frames: number; msPerFrame: number }) => void;
  /** Called once the film's last byte is written, before it is checked (the benchmark's CPU clock stops here). */
  onEncoded?: () => void;
  /**
   * The scene's feed as Node simulated it (build/page/frame-feed.ts: feedOf), which keys the film:
   * the page's own digest of what it drew must equal it, and its trace this trace, or the render
   * fails (exit 4) rather than store a film under a key that does not say what it shows.
   */
  feed?: { digest: string; trace: TraceChunk };
  /**
   * The cache store the film's era spread is read from and stored into (eye render's --cache-dir);
   * null or absent: computed for this film, not stored (--no-cache).
   */
  spreadStore?: CacheStore | null;
  /** Called before each frame (tests use it to kill the browser mid-film). */
  onFrame?: (frame: number, attempt: number, browser: EyeBrowser) => void | Promise<void>;
}

export interface RenderSummary {
  scene: string;
  frames: number;
  durationS: number;
  fps: number;
  width: number;
  height: number;
  seed: number;
  pass: RenderPass;
  capture: { method: string; format: string; probe: string; browser: string };
  /** Wall ms per frame: capture = time the loop waited on the page (it works framesInFlight frames ahead); encodeWait = time it waited on ffmpeg (back-pressure and the final flush); total = the whole film. */
  msPerFrame: { capture: number; encodeWait: number; total: number };
  attempts: number;
  frameHashes: ReturnType<FrameHashes['summary']>;
  /** sha256 of the sample stream the page handed its renderer (FrameFeed): what the film shows, as its cache key holds it. */
  feedDigest: string;
  trace: { file: string; samples: number; events: number };
  film: { file: string; bytes: number; probe: FilmProbe; verdict: FilmVerdict };
  /** The film measured from its own pixels against the model (absent when not measured). */
  pixels?: PixelsSummary;
}

/** What a render itself establishes, cached with its film: summary.json less the model's parts (refreshed on every restore). */
export type FilmFacts = Omit<RenderSummary, 'scene' | 'trace' | 'pixels'>;

/** summary.json's `pixels`: the agreement (its assertions are in assertions.json) and where the rows are. */
export type PixelsSummary = Omit<FilmPixels['agreement'], 'assertions'> & {
  file: string;
  assertionsFile: string;
  mask: { widthPx: number; heightPx: number; scale: number };
};

export const round = (x: number) => Math.round(x * 100) / 100;

async function renderOnce(scene: Scene, o: RenderOptions, attempt: number): Promise<RenderSummary> {
  const pass = o.pass ?? 'color';
  const browser = await o.session.get();
  mkdirSync(o.outDir, { recursive: true });
  const stage = mkdtempSync(join(o.outDir, ownedPrefix(`.${scene.name}.tmp-`)));
  let encoder: FilmEncoder | null = null;
  const unregister = onInterrupt(() => {
    encoder?.kill();
    rmSync(stage, { recursive: true, force: true });
  });
  try {
    const start = performance.now();
    const measure = pixelOptions(o);
    const frames = await browser.load(scene, pass, measure);
    const partial = join(stage, 'film.partial.mp4');
    encoder = startEncoder({
      ffmpegPath: o.ffmpeg.ffmpeg,
      outFile: partial,
      settings: { ...o.encode, width: scene.width, height: scene.height, fps: scene.fps, input: browser.format },
    });
    const chunks: TraceChunk[] = [];
    const pixelRows: PixelChunk[] = [];
    const span = { from: 0, count: frames, label: scene.name, attempt, startMs: start, measure: measure !== null };
    const { hashes, captureMs, waitMs: captureWaitMs } = await captureFrames(browser, encoder, span, { trace: chunks, pixelRows }, o);
    let waitMs = captureWaitMs;
    // Step to the end of the film (not captured) so the trace spans the whole duration.
    await browser.goToFrame(frames);
    chunks.push(await browser.readTrace());
    if (measure) pixelRows.push(await browser.readPixels());
    const t2 = performance.now();
    await encoder.finish();
    o.onEncoded?.();
    waitMs += performance.now() - t2;
    const totalMs = performance.now() - start;
    const film = join(stage, 'film.mp4');
    renameSync(partial, film);
    // Every film is held to Node's simulation of its scene (its key's, when the caller keyed it), and
    // its folder's model files are made from that simulation, as a restore makes them (render-cached.ts).
    const feed = o.feed ?? feedOf(scene);
    const off = traceDisagreement(chunks, [feed.trace]);
    if (off) throw new CliError(EXIT.internal, `${scene.name}: the page's model left Node's simulation of the scene (${off}, beyond ${NODE_PAGE_TOLERANCE}): Node ≡ page determinism is broken`);
    // The page's digest of what it drew: the caller stores the film under its key only when it equals the key's.
    const feedDigest = await browser.feedDigest();
    return await publishFilm(scene, stage, o, {
      frames,
      pass,
      capture: { method: browser.method, format: browser.format, probe: browser.probe, browser: browser.version },
      msPerFrame: { capture: round(captureMs / frames), encodeWait: round(waitMs / frames), total: round(totalMs / frames) },
      attempts: attempt,
      frameHashes: hashes.summary(),
      feedDigest,
      trace: [feed.trace],
      pixelRows: measure ? pixelRows : null,
      measure,
    });
  } catch (err) {
    encoder?.kill();
    rmSync(stage, { recursive: true, force: true });
    throw err;
  } finally {
    unregister();
  }
}

/** What a render of a film established, for publishFilm: everything in FilmFacts but what the film's probe says. */
export interface DrawnFilm extends Omit<FilmFacts, 'durationS' | 'fps' | 'width' | 'height' | 'seed' | 'film'> {
  /** Node's trace of the scene (trace.json). */
  trace: TraceChunk[];
  /** The page's mask rows, every film frame's in order (null: not measured). */
  pixelRows: PixelChunk[] | null;
  measure: PixelMeasureOptions | null;
}

/**
 * The end of every render, one-piece or chunked: `<stage>/film.mp4` (whole) checked with ffprobe
 * (a film that fails its check throws, and the caller removes the stage), the model files and stills
 * written beside it, and the stage published as `<outDir>/<scene>/`.
 */
export async function publishFilm(scene: Scene, stage: string, o: RenderOptions, d: DrawnFilm): Promise<RenderSummary> {
  const film = join(stage, 'film.mp4');
  const { frames } = d;
  const probe = await probeFilm(o.ffmpeg.ffprobe, film);
  const verdict = filmVerdict(probe, { width: scene.width, height: scene.height, fps: scene.fps, frames });
  if (!verdict.ok) {
    const bad = verdict.checks.filter((c) => !c.pass).map((c) => `${c.name} ${c.got} (expected ${c.expected})`);
    throw new CliError(EXIT.internal, `${scene.name}: the encoded film failed its check: ${bad.join(', ')}`);
  }
  const facts: FilmFacts = {
    frames,
    durationS: frames / scene.fps,
    fps: scene.fps,
    width: scene.width,
    height: scene.height,
    seed: scene.seed,
    pass: d.pass,
    capture: d.capture,
    msPerFrame: d.msPerFrame,
    attempts: d.attempts,
    frameHashes: d.frameHashes,
    feedDigest: d.feedDigest,
    film: { file: 'film.mp4', bytes: probe.bytes, probe, verdict },
  };
  const { files, summary } = await modelFiles(scene, facts, d.trace, d.measure ? d.pixelRows : null, d.measure, o.holdSpread ?? true, o.spreadStore ?? null);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(stage, name), text);
  // Stills (build/jobs/stills/node): contact sheet and named moments, decoded from the encoded film, picked from trace.json.
  await writeStills(stage, o.ffmpeg);
  chmodSync(stage, 0o755); // mkdtemp made it private; the published folder is an ordinary one
  publishDir(stage, join(o.outDir, scene.name));
  return summary;
}

/**
 * The scene folder's files made from the model and the measurements, beside the film: trace.json (the
 * model's samples and events), pixels.json (the page's mask rows), assertions.json (the pixels against
 * the model, the film against its era's spread) and summary.json (the render's facts and those
 * verdicts). A render writes them; a film restored from the cache has them made again from the
 * model as it is now (build/jobs/render/node/render-cached.ts), since its key holds the frames' samples,
 * not the whole model.
 */
export async function modelFiles(scene: Scene, facts: FilmFacts, trace: TraceChunk[], rows: PixelChunk[] | null, measure: PixelMeasureOptions | null, holdSpread: boolean, spreadStore: CacheStore | null): Promise<{ files: Record<string, string>; summary: RenderSummary }> {
  const files: Record<string, string> = { 'trace.json': traceJson(scene, trace, 'node') };
  const { frames, durationS, fps, width, height, seed, pass, capture, msPerFrame, attempts, frameHashes, feedDigest, film } = facts;
  const summary: RenderSummary = {
    scene: scene.name,
    ...{ frames, durationS, fps, width, height, seed, pass, capture, msPerFrame, attempts, frameHashes, feedDigest },
    trace: { file: 'trace.json', samples: trace.reduce((n, c) => n + c.columns.tMs.length, 0), events: trace.reduce((n, c) => n + c.events.length, 0) },
    film,
  };
  if (measure && rows) {
    const mask = maskSizePx(scene.width, scene.height, measure.maskScale);
    const { agreement, pixelsJson, assertionsJson } = filmPixels(scene, trace, rows, mask, film.verdict, await eraSpread(scene, { store: spreadStore }), holdSpread);
    files['pixels.json'] = pixelsJson;
    files['assertions.json'] = assertionsJson;
    const { assertions: _inFile, ...rest } = agreement;
    summary.pixels = { ...rest, file: 'pixels.json', assertionsFile: 'assertions.json', mask };
  } else {
    files['assertions.json'] = assertionsJson(scene, null, film.verdict);
  }
  files['summary.json'] = `${JSON.stringify(summary, null, 2)}\n`;
  return { files, summary };
}

/** The page's measuring options for a render (null: the film only). */
export function pixelOptions(o: Pick<RenderOptions, 'measure'>): PixelMeasureOptions | null {
  if (o.measure === null) return null;
  return { maskScale: DEFAULT_MASK_SCALE, ...o.measure };
}

/**
 * A film whose pixels disagree with its model: its folder is written (the evidence), and the render
 * fails with exit 1 naming the scene and the checks. Null when it agrees (or was not measured).
 */
export function pixelDisagreement(s: RenderSummary): CliError | null {
  if (!s.pixels || s.pixels.pass) return null;
  const what = s.pixels.agreementPass ? 'the film is not typical of its era' : "the film's pixels disagree with its model";
  return new CliError(EXIT.assertionFailed, `${s.scene}: ${what}: ${s.pixels.failed.join('; ')}`);
}

/**
 * Render one scene into `<outDir>/<scene>/` (film.mp4, trace.json, summary.json), all or nothing: the
 * files are made in a hidden staging folder and moved into place only once the film has passed its
 * ffprobe check. A browser that dies mid-film is relaunched and the scene retried once.
 */
export async function renderScene(scene: Scene, o: RenderOptions): Promise<RenderSummary> {
  return retryOnCrash(scene, o, (attempt) => renderOnce(scene, o, attempt));
}

/**
 * Run one attempt at a scene's frames (the whole film, or a chunk of it) and again, once, in a new
 * browser if the browser crashed; every other failure becomes a CliError naming the scene, with the
 * exit code of its kind.
 */
export async function retryOnCrash<T>(scene: Scene, o: Pick<RenderOptions, 'session' | 'outDir'>, run: (attempt: number) => Promise<T>, what = scene.name): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt);
    } catch (err) {
      if (err instanceof BrowserCrashError) {
        await o.session.restart();
        if (attempt < 2) {
          // Said, not silent: a retried scene took twice the time, and a crash can be the machine's (memory).
          process.stderr.write(`${what}: the browser crashed (${safeText(err.message)}); rendering it again in a new browser\n`);
          continue;
        }
        throw new CliError(EXIT.internal, `${what}: the browser died twice (${err.message}); giving up`);
      }
      if (err instanceof RefusedRequestError) throw new CliError(EXIT.internal, `${what}: ${err.message}`);
      if (err instanceof PageError) throw new CliError(EXIT.internal, `${what}: the page threw: ${err.message}`);
      if (err instanceof CliError) throw err;
      // The machine, not the pipeline (a full disk, a read-only or forbidden output folder): exit 3.
      const env = environmentError(err, `write ${scene.name}'s film under`, o.outDir);
      if (env) throw env;
      if (err instanceof EncoderError) throw new CliError(EXIT.internal, `${what}: ${err.message}`);
      const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
      throw new CliError(EXIT.internal, `${what}: ${message}`);
    }
  }
}
