import type { PixelMeasureOptions, RenderPass } from '../../page/protocol.ts';
import type { Scene } from '../../scene/scene.ts';
import type { FrameFormat } from '../browser/capture-frame.ts';
import { ffmpegArgs } from '../render/ffmpeg-args.ts';
import { cacheKey } from './key.ts';

/** Everything besides the scene that decides a proof folder's bytes. */
export interface FilmSettings {
  pass: RenderPass;
  /** The pixel path's options (null: not measured). */
  measure: PixelMeasureOptions | null;
  /** Whether the era-spread verdict fails the film (it changes assertions.json). */
  holdSpread: boolean;
  /** The capture asked for (auto: the probe's choice, itself a function of the browser and the code). */
  capture: string;
  format: FrameFormat;
}

/** The code and tools that turn a scene into a film. */
export interface FilmCode {
  /** sha256 of the page bundle the browser runs. */
  bundle: string;
  /** codeHash() of build/cli/commands/render.ts: the sources `eye render` imports (and its workers), and package-lock.json. */
  node: string;
  browser: string;
  encoder: string;
}

/**
 * A film's cache key: the resolved scene (every field after defaults and command-line settings, not
 * the file's bytes, so a reworded $comment keeps its film), the settings, and the encoder's arguments
 * as built for this film (its CRF, preset and colour conversion), and the code.
 */
export function filmKey(scene: Scene, settings: FilmSettings, code: FilmCode): string {
  const encode = ffmpegArgs({ width: scene.width, height: scene.height, fps: scene.fps, input: settings.format });
  return cacheKey({ kind: 'film', scene, settings, encode, code });
}
