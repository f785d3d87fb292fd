import { CliError, EXIT } from '../../errors/exit.ts';
import type { Scene } from '../../scene/scene.ts';

/** Raw command-line values shared by `render` and `bench` (strings, as commander hands them over). */
export interface RawSceneOptions {
  fps?: string;
  duration?: string;
  size?: string;
  seed?: string;
}

/** A number if the text is one (so the scene validators report the range), else the text itself. */
function numberish(v: string | undefined): number | string | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  return v.trim() !== '' && Number.isFinite(n) ? n : v;
}

/** Parse `WxH`; the scene validators then check the range and evenness. */
export function parseSize(size: string, flag = '--size'): { width: number; height: number } {
  const m = /^(\d+)x(\d+)$/.exec(size.trim());
  if (!m) throw new CliError(EXIT.badInput, `${flag}: expected WxH with even integers, e.g. 1280x720, got "${size}"`);
  return { width: Number(m[1]), height: Number(m[2]) };
}

/** Command-line settings as scene fields, for `withSettings` (which validates them like a scene file). */
export function sceneSettings(o: RawSceneOptions): Partial<Omit<Scene, 'name'>> {
  const size = o.size === undefined ? undefined : parseSize(o.size);
  return {
    fps: numberish(o.fps) as number | undefined,
    durationS: numberish(o.duration) as number | undefined,
    seed: numberish(o.seed) as number | undefined,
    width: size?.width,
    height: size?.height,
  };
}

/** A whole number in [min, max] for flags like --jobs, or a bad-input error naming the range. */
export function intOption(v: string, flag: string, min: number, max: number): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new CliError(EXIT.badInput, `${flag}: expected an integer from ${min} to ${max}, got "${v}"`);
  return n;
}
