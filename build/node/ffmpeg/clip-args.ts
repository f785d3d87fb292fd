/**
 * What a clip's argument list shares (eye compare's clips, compose-args.ts; eye diff's review clips,
 * review-clip-args.ts): the size checks made before a filter graph is built (yuv420p halves the
 * chroma both ways, so every panel and strip must be an even number of px), and the command line
 * around the graph. Kept apart from ffmpeg-args.ts, which the film cache's code hash reads (a change
 * there would re-key every cached film).
 */
import { clipOutputArgs } from './ffmpeg-args.ts';


/** An even integer ≥ 2: a side yuv420p can hold. */
export const even = (n: number): boolean => Number.isInteger(n) && n >= 2 && n % 2 === 0;

/** A panel's size in a clip: even integers ≥ 2, else a RangeError. */
export function checkPanelSize(size: { width: number; height: number }): void {
  const { width: w, height: h } = size;
  if (!even(w) || !even(h)) throw new RangeError(`panel size ${w}x${h}: expected even integers ≥ 2 (yuv420p halves the chroma)`);
}

/** A strip's height in a clip (a label or heading strip, px, `name` in the message): an even integer ≥ 0, else a RangeError. */
export function checkStripHeight(name: string, px: number): void {
  if (!Number.isInteger(px) || px < 0 || px % 2) throw new RangeError(`${name} ${px}: expected an even integer ≥ 0`);
}

/**
 * A clip's whole ffmpeg argument list: quiet, no stdin, the inputs, the filter graph (its parts
 * joined by ';', ending in `[out]`), then clipOutputArgs's encoder tail cut at `frames` (pure).
 */
export function clipCommandArgs(inputs: readonly string[], graph: readonly string[], o: { frames: number; fps: number; output: string }): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v', 'error',
    ...inputs,
    '-filter_complex', graph.join(';'),
    ...clipOutputArgs(o),
  ];
}
