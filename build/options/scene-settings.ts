import { numberish, size, type OptionSpecs } from './validators.ts';

/**
 * The flags that override a scene's own settings (render and picture take them): declared once here.
 * Their values pass through the scene's validators (withSettings), which report the range.
 */
export const SCENE_SETTING_OPTIONS = {
  fps: { flags: '--fps <n>', doc: "frames per second, an integer from 1 to 240 (default: the scene's)", parse: numberish },
  duration: { flags: '--duration <s>', doc: "scene time in seconds, 0.1 to 3600 (default: the scene's)", parse: numberish },
  size: { flags: '--size <WxH>', doc: "frame size, even integers, e.g. 1280x720 (default: the scene's)", parse: size },
  seed: { flags: '--seed <n>', doc: "random seed, an integer from 0 to 2^31-1 (default: the scene's)", parse: numberish },
} satisfies OptionSpecs;

/**
 * Parsed setting flags as scene fields, for withSettings. A value may still be text ("abc" for --fps):
 * withSettings validates it as it validates a scene file, and names the flag and its range.
 */
export function sceneSettingsOf(o: { fps?: number | string; duration?: number | string; size?: { width: number; height: number }; seed?: number | string }): {
  fps?: number | string;
  durationS?: number | string;
  seed?: number | string;
  width?: number;
  height?: number;
} {
  return { fps: o.fps, durationS: o.duration, seed: o.seed, width: o.size?.width, height: o.size?.height };
}
