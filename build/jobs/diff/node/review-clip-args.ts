import { checkPanelSize, checkStripHeight, clipCommandArgs } from '../../../node/ffmpeg/clip-args.ts';

/**
 * The difference panel's gain: |current − baseline| per RGB channel times this (clipped), so a change
 * of 2 levels in 255 shows as 16. A re-encode's noise (1–3 levels) shows as a faint grain over the
 * picture; a moved catchlight or lid as a bright shape.
 */
export const DIFFERENCE_GAIN = 8;

/** One stretch of one scene: both films' frames [startFrame, startFrame + frames), and its overlay. */
export interface ReviewSegment {
  baselineFilm: string;
  currentFilm: string;
  /** A PNG the clip's size (headers and labels, transparent over the panels), laid over the segment. */
  overlay: string;
  startFrame: number;
  frames: number;
}

export interface ReviewClipInput {
  segments: ReviewSegment[];
  /** Each of the three panels' size (every film is scaled to it). */
  panelSize: { width: number; height: number };
  /** The heading strip above the panels and the label strip under them, px (even: the clip stays 4:2:0). */
  headerHeightPx: number;
  labelHeightPx: number;
  fps: number;
  output: string;
}

/** The review clip's frame size: three panels side by side, a heading strip above, a label strip under. */
export function reviewClipSize(c: Pick<ReviewClipInput, 'panelSize' | 'headerHeightPx' | 'labelHeightPx'>): { width: number; height: number } {
  return { width: 3 * c.panelSize.width, height: c.headerHeightPx + c.panelSize.height + c.labelHeightPx };
}

/**
 * ffmpeg's argument list for a review clip, as data (pure: tested without running ffmpeg). Each
 * segment reads its two films afresh, seeking to half a frame before its first frame (ffmpeg's
 * accurate seek then drops every earlier frame, whatever the rounding of the time) and keeping
 * `frames` frames: frame i of the segment is frame startFrame + i of both films. The difference is
 * taken in RGB (a YUV difference would turn the unchanged chroma green), from the films' own BT.709
 * matrix, at the films' size before scaling, then multiplied by DIFFERENCE_GAIN. Baseline | current |
 * difference are stacked, the overlay (headings and labels) laid over them, and the segments joined
 * end to end; encoded as every film and clip the project makes (clipOutputArgs).
 */
export function reviewClipArgs(c: ReviewClipInput): string[] {
  const k = c.segments.length;
  if (k < 1) throw new RangeError('segments: expected at least one');
  const { width: w, height: h } = c.panelSize;
  checkPanelSize(c.panelSize);
  checkStripHeight('header height', c.headerHeightPx);
  checkStripHeight('label height', c.labelHeightPx);
  if (!Number.isInteger(c.fps) || c.fps < 1 || c.fps > 240) throw new RangeError(`fps ${c.fps}: expected an integer from 1 to 240`);
  const size = reviewClipSize(c);
  const inputs: string[] = [];
  const graph: string[] = [];
  const gain = (1 / DIFFERENCE_GAIN).toFixed(6);
  const toRgb = 'scale=iw:ih:in_color_matrix=bt709:in_range=tv:flags=accurate_rnd+full_chroma_int,format=gbrp';
  const panel = `scale=${w}:${h}:flags=bicubic,format=yuv420p`;
  c.segments.forEach((s, i) => {
    if (!Number.isInteger(s.startFrame) || s.startFrame < 0) throw new RangeError(`segment ${i}: startFrame ${s.startFrame}: expected an integer ≥ 0`);
    if (!Number.isInteger(s.frames) || s.frames < 1) throw new RangeError(`segment ${i}: frames ${s.frames}: expected an integer ≥ 1`);
    const seek = s.startFrame > 0 ? ['-ss', ((s.startFrame - 0.5) / c.fps).toFixed(6)] : [];
    inputs.push(...seek, '-noautorotate', '-i', s.baselineFilm, ...seek, '-noautorotate', '-i', s.currentFilm);
    const cut = `trim=end_frame=${s.frames},setpts=PTS-STARTPTS`;
    graph.push(
      `[${2 * i}:v]${cut},split=2[b${i}][bd${i}]`,
      `[${2 * i + 1}:v]${cut},split=2[c${i}][cd${i}]`,
      `[bd${i}]${toRgb}[bg${i}]`,
      `[cd${i}]${toRgb}[cg${i}]`,
      `[cg${i}][bg${i}]blend=all_mode=difference,colorlevels=rimax=${gain}:gimax=${gain}:bimax=${gain},scale=${w}:${h}:out_color_matrix=bt709:out_range=tv:flags=bicubic,format=yuv420p[d${i}]`,
      `[b${i}]${panel}[bp${i}]`,
      `[c${i}]${panel}[cp${i}]`,
      `[bp${i}][cp${i}][d${i}]hstack=inputs=3,pad=${size.width}:${size.height}:0:${c.headerHeightPx}:black,setsar=1[r${i}]`,
      `[r${i}][${2 * k + i}:v]overlay=0:0:eof_action=repeat:format=yuv420,format=yuv420p[s${i}]`,
    );
  });
  for (const s of c.segments) inputs.push('-i', s.overlay);
  graph.push(k === 1 ? '[s0]null[out]' : `${c.segments.map((_, i) => `[s${i}]`).join('')}concat=n=${k}:v=1:a=0[out]`);
  const frames = c.segments.reduce((n, s) => n + s.frames, 0);
  return clipCommandArgs(inputs, graph, { frames, fps: c.fps, output: c.output });
}

/**
 * The concat demuxer's list of the segment clips, in order: each path single-quoted, a quote inside
 * one written as the demuxer's '\'' (pure: tested). The paths are absolute (the list's folder is
 * not where a relative one would be looked for).
 */
export function concatList(files: readonly string[]): string {
  if (files.length < 1) throw new RangeError('concat: expected at least one file');
  return files
    .map((f) => {
      if (!f.startsWith('/')) throw new RangeError(`concat: "${f}": expected an absolute path`);
      if (/[\n\r]/.test(f)) throw new RangeError('concat: a path with a line break');
      return `file '${f.replace(/'/g, "'\\''")}'\n`;
    })
    .join('');
}

/**
 * ffmpeg's argument list joining segment clips (each encoded by reviewClipArgs with the same
 * settings and size) into one, by stream copy: no re-encode, so a clip of many stretches costs one
 * segment's memory at a time, not two decoders per stretch at once. +faststart as every film.
 */
export function concatArgs(listFile: string, output: string, frames: number): string[] {
  if (!Number.isInteger(frames) || frames < 1) throw new RangeError(`frames ${frames}: expected an integer ≥ 1`);
  return [
    '-hide_banner',
    '-nostdin',
    '-v', 'error',
    '-f', 'concat',
    '-safe', '0',
    '-i', listFile,
    '-map', '0:v:0',
    '-c', 'copy',
    '-frames:v', String(frames),
    '-movflags', '+faststart',
    '-f', 'mp4',
    '-y',
    output,
  ];
}
