import { checkPanelSize, checkStripHeight, clipCommandArgs } from '../../../node/ffmpeg/clip-args.ts';
import { gridLayout } from '../core/grid-layout.ts';

export interface ComposeInput {
  /**
   * Each panel's film (H.264, all at the same rate and length) and its label strip (a PNG labelWidthPx
   * × labelHeightPx); `size`, the film's own frame size when it is not filmSize (a proof film made
   * into a panel: scaled to the panel like any other); `loopFrames`, a held panel's film (that many
   * frames, looped by the loop filter, which numbers the repeats on: the clip's cut ends it).
   */
  panels: { film: string; label: string; size?: { width: number; height: number }; loopFrames?: number }[];
  /** The films' own frame size. */
  filmSize: { width: number; height: number };
  /** Each panel's size in the clip (the film scaled to it when it differs). */
  panelSize: { width: number; height: number };
  /** The label strip under each panel, px (even: the clip stays 4:2:0). */
  labelHeightPx: number;
  fps: number;
  frames: number;
  output: string;
}

/**
 * ffmpeg's argument list for a compare clip, as data (pure: tested without running ffmpeg). Every
 * panel is a film decoded frame by frame; the filter graph never changes a panel's timing (no fps,
 * trim or setpts), so output frame n holds every panel's frame n: xstack pairs frames by timestamp,
 * and every film's frame n is at n / fps. Each label strip (one still image) is laid under its panel
 * by overlay, which repeats it for every frame. The clip is encoded as a proof film is (ffmpeg-args.ts:
 * H.264 High, yuv420p, BT.709 tags, the same CRF, preset and threads, +faststart), and cut at
 * `frames` so its count is exact.
 */
export function composeArgs(c: ComposeInput): string[] {
  const n = c.panels.length;
  if (n < 1) throw new RangeError('panels: expected at least one');
  const { width: w, height: h } = c.panelSize;
  const l = c.labelHeightPx;
  checkPanelSize(c.panelSize);
  checkStripHeight('label height', l);
  if (!Number.isInteger(c.fps) || c.fps < 1 || c.fps > 240) throw new RangeError(`fps ${c.fps}: expected an integer from 1 to 240`);
  if (!Number.isInteger(c.frames) || c.frames < 1) throw new RangeError(`frames ${c.frames}: expected an integer ≥ 1`);
  const inputs: string[] = [];
  for (const p of c.panels) inputs.push('-i', p.film);
  for (const p of c.panels) inputs.push('-i', p.label);
  const graph: string[] = [];
  c.panels.forEach((p, i) => {
    const film = p.size ?? c.filmSize;
    const resize = film.width !== w || film.height !== h ? `scale=${w}:${h}:flags=bicubic,` : '';
    // The label's RGB reaches yuv420 through overlay's own conversion: the strip is grey text on black,
    // the same under any RGB → YUV matrix.
    if (p.loopFrames !== undefined && (!Number.isInteger(p.loopFrames) || p.loopFrames < 1)) throw new RangeError(`loop ${p.loopFrames}: expected a whole number of frames ≥ 1`);
    const loop = p.loopFrames ? `loop=loop=-1:size=${p.loopFrames}:start=0,` : '';
    graph.push(`[${i}:v]${loop}${resize}setsar=1,pad=${w}:${h + l}:0:0:black[p${i}]`, `[p${i}][${n + i}:v]overlay=0:${h}:eof_action=repeat:format=yuv420[c${i}]`);
  });
  const grid = gridLayout(n);
  if (n === 1) {
    graph.push('[c0]format=yuv420p[out]');
  } else {
    const layout = grid.cells.map((cell) => `${cell.column * w}_${cell.row * (h + l)}`).join('|');
    graph.push(`${c.panels.map((_, i) => `[c${i}]`).join('')}xstack=inputs=${n}:layout=${layout}:fill=black,format=yuv420p[out]`);
  }
  return clipCommandArgs(inputs, graph, { frames: c.frames, fps: c.fps, output: c.output });
}
