import type { PixelMeasureOptions, RenderPass } from '../../../page/protocol.ts';
import type { Scene } from '../../../scene/scene.ts';
import { JPEG_QUALITY, type CaptureMethod, type FrameFormat } from '../../../node/browser/capture-frame.ts';
import { DEFAULT_CRF, DEFAULT_PRESET, DEFAULT_X264_THREADS, ffmpegArgs, type ColourConversion, type X264Preset } from '../../../node/ffmpeg/ffmpeg-args.ts';
import { cacheKey } from '../../../node/io/content-key.ts';

/** Everything besides the scene that decides a proof folder's bytes. */
export interface FilmSettings {
  pass: RenderPass;
  /** The pixel path's options (null: not measured). */
  measure: PixelMeasureOptions | null;
  /**
   * Whether the era-spread verdict fails the film. Not in the key: it changes only assertions.json
   * and summary.json, which are made again from the model on every restore.
   */
  holdSpread: boolean;
  /** The capture asked for (auto: the probe's choice, itself a function of the browser and the code). */
  capture: 'auto' | CaptureMethod;
  format: FrameFormat;
  /**
   * Frames per chunk the film is rendered and encoded in, joined without re-encoding (0: one piece).
   * A chunked film's bytes differ from a one-piece film's (an IDR frame starts each chunk), so it is in
   * the key; the run's --chunk-frames becomes the scene's own in eye render's plan (filmSettingsFor).
   */
  chunkFrames: number;
}

/** The code and tools that turn a scene's samples into a film. */
export interface FilmCode {
  /** codeHash() of the page bundle's sources less the model's Player and what only it imports (film-code.ts). */
  renderer: string;
  /** codeHash() of the sources `eye render` runs in Node (and its workers, package-lock.json), less the same. */
  node: string;
  browser: string;
  encoder: string;
}

/** How a film's frames are encoded on their way: the capture's JPEG quality, and the film's x264 and colour conversion. */
export interface FilmEncoding {
  jpegQuality: number;
  preset: X264Preset;
  crf: number;
  threads: number;
  conversion: ColourConversion;
}

/**
 * The encoding every film is made with: the capture's quality (capture-frame.ts) and the encoder's
 * defaults (ffmpeg-args.ts), read from their one home each, so changing either changes every key.
 */
export const FILM_ENCODING: FilmEncoding = { jpegQuality: JPEG_QUALITY, preset: DEFAULT_PRESET, crf: DEFAULT_CRF, threads: DEFAULT_X264_THREADS, conversion: 'zscale' };

/**
 * A film's cache key: what decides its pixels. The sample stream the page draws (`feedDigest`: every
 * frame's sample, time and pointer and the rest sample, simulated in Node by the page's own FrameFeed;
 * the page's digest is held to it at the end of every render), the resolved scene (every field the page
 * might read besides its samples: size, rate, era, pointer track…; not its name, which only labels
 * things, nor the file's bytes, so a reworded $comment keeps its film), the settings, the capture's
 * JPEG quality and the encoder's arguments as built for this film (its CRF, preset, threads and colour
 * conversion), and the renderer's code.
 * The model's code is not in it: only what it hands the renderer.
 */
export function filmKey(scene: Scene, feedDigest: string, settings: FilmSettings, code: FilmCode, encoding: FilmEncoding = FILM_ENCODING): string {
  return cacheKey({ kind: 'film', feed: feedDigest, ...shownBesidesStream(scene, settings, code, encoding) });
}

/**
 * What decides a film's pixels besides its sample stream: the scene less its name, the settings less
 * the verdict-only holdSpread, the capture's quality, the encoder's arguments as built for this film,
 * and the code. A film's key and each of its chunks' keys are this with their stream's digest.
 */
function shownBesidesStream(scene: Scene, settings: FilmSettings, code: FilmCode, encoding: FilmEncoding) {
  const { jpegQuality, ...x264 } = encoding;
  const encode = ffmpegArgs({ width: scene.width, height: scene.height, fps: scene.fps, input: settings.format, ...x264 });
  const { name: _label, ...shown } = scene;
  const { holdSpread: _verdictOnly, ...drawn } = settings;
  // The JPEG's quality decides the colour film's pixels; a PNG is lossless whatever it is.
  const captureQuality = settings.format === 'jpeg' ? jpegQuality : null;
  return { scene: shown, settings: drawn, captureQuality, encode, code };
}

/** Which frames of a film a chunk entry is: its range, the film's length, and where its page's warm-up starts. */
export interface ChunkSpan {
  startFrame: number;
  /** Exclusive. */
  endFrame: number;
  frameCount: number;
  /** The first frame the page steps to after load (the warm-up's first attempt: chunk-plan.ts warmupStartFrame). */
  warmupFrom: number;
}

/**
 * A chunk of a chunked film, cached on its own (render-chunk-cache.ts): the film key's every part but
 * the stream, with the chunk's span and `framesDigest`, the digest of exactly the records its page draws
 * (feedDigestAt over chunkFrames: frame 0's at load, the warm-up's, the chunk's own, and for the last
 * chunk the film's end). A model edit that moves only later samples keeps an earlier chunk's key.
 */
export function chunkKey(scene: Scene, span: ChunkSpan, framesDigest: string, settings: FilmSettings, code: FilmCode, encoding: FilmEncoding = FILM_ENCODING): string {
  const { startFrame, endFrame, frameCount, warmupFrom } = span;
  return cacheKey({ kind: 'film-chunk', span: { startFrame, endFrame, frameCount, warmupFrom }, feed: framesDigest, ...shownBesidesStream(scene, settings, code, encoding) });
}
