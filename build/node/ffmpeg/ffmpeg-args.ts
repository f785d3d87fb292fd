import { FILM_CHROMA_KERNEL } from '../../core/video/i420.ts';
import type { FrameFormat } from '../browser/capture-frame.ts';

export interface EncodeSettings {
  width: number;
  height: number;
  fps: number;
  /** What each frame on stdin is: a PNG or JPEG image (image2pipe), or the film's own I420 (raw, converted in the page). */
  input: FrameFormat;
  /** x264 constant rate factor, 0..18 (18 is visually lossless; higher is not allowed for proof films). */
  crf?: number;
  /** x264 speed preset (veryfast keeps the encoder under the capture's cost on two cores). */
  preset?: X264Preset;
  /** The RGB → BT.709 conversion (default zscale: the same pixels within a level, a third of the CPU). */
  conversion?: ColourConversion;
  /** x264 threads, 0 for x264's own choice (default DEFAULT_X264_THREADS). */
  threads?: number;
}

/**
 * `zscale`: zimg, twice: the frame to 8-bit RGB (clamped, as swscale's RGB is: a JPEG's YCbCr strays
 * outside RGB at saturated edges, and zimg's float path would carry that on), then RGB → BT.709 tv
 * range 4:2:0. Bicubic B=0, C=0.6 is swscale's own bicubic; chroma sited at the centre, as swscale
 * placed it. `swscale`: the accurate_rnd+full_chroma_int path the films used before (3–4× the CPU).
 */
export type ColourConversion = 'zscale' | 'swscale';

const BICUBIC = `filter=bicubic:param_a=${FILM_CHROMA_KERNEL.b}:param_b=${FILM_CHROMA_KERNEL.c}`;
export const COLOUR_FILTERS: Record<ColourConversion, string> = {
  zscale: `zscale=${BICUBIC},format=gbrp,zscale=matrix=709:range=tv:${BICUBIC}:chromal=center,format=yuv420p`,
  // accurate_rnd: without it a JPEG frame's flat skin tone came out 2 levels darker in red.
  swscale: 'scale=out_color_matrix=bt709:out_range=tv:flags=accurate_rnd+full_chroma_int,format=yuv420p',
};

export const X264_PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow'] as const;
export type X264Preset = (typeof X264_PRESETS)[number];
export const DEFAULT_CRF = 18;
export const DEFAULT_PRESET = 'veryfast';
/**
 * x264's threads. One: it keeps up with the capture on its own (encode alone ~14 CPU-ms a frame at
 * 720p against the capture's ~35), spends the least CPU (`eye bench --x264-threads 1,0,2`: pipeline
 * 49 CPU-ms a frame vs 53 with x264's own choice), leaves the other cores to other --jobs, and its
 * output does not depend on the machine's core count (x264's bitstream varies with its threads).
 */
export const DEFAULT_X264_THREADS = 1;
/**
 * ffmpeg's filter threads, for the film's colour conversion. One: with more, vf_zscale converts
 * horizontal slices of the frame apart, each resampling its chroma with its own edges, so a film's
 * chroma rows at the slices' seams depended on the encoding machine's cores (ffmpeg's default is one
 * thread per core and one more: 3 on this 2-core machine: up to 17 levels off on noise;
 * i420-zscale.test.ts). A global option, so it goes before the input.
 */
export const FILM_FILTER_THREADS = 1;

export interface FfmpegArgs {
  /** Before `-i pipe:0`. */
  inputOptions: string[];
  /** After the input, before the output file. */
  outputOptions: string[];
}

/**
 * The ffmpeg command line for a proof film, as data (pure: tested without running ffmpeg). Images
 * arrive on stdin at `fps`; the output is H.264 High, yuv420p, BT.709 both in the pixels (the RGB →
 * YUV matrix; swscale would otherwise use BT.601) and in the tags, CRF ≤ 18, moov at the front.
 */
export function ffmpegArgs(s: EncodeSettings): FfmpegArgs {
  const crf = s.crf ?? DEFAULT_CRF;
  const preset = s.preset ?? DEFAULT_PRESET;
  if (!Number.isInteger(s.width) || !Number.isInteger(s.height) || s.width < 2 || s.height < 2 || s.width % 2 || s.height % 2) {
    throw new RangeError(`film size ${s.width}x${s.height}: expected even integers ≥ 2 (yuv420p halves the chroma)`);
  }
  if (!Number.isInteger(s.fps) || s.fps < 1 || s.fps > 240) throw new RangeError(`fps ${s.fps}: expected an integer from 1 to 240`);
  if (!Number.isInteger(crf) || crf < 0 || crf > 18) throw new RangeError(`crf ${crf}: expected an integer from 0 to 18`);
  if (!X264_PRESETS.includes(preset)) throw new RangeError(`preset ${preset}: expected one of ${X264_PRESETS.join(', ')}`);
  const conversion = s.conversion ?? 'zscale';
  if (!(conversion in COLOUR_FILTERS)) throw new RangeError(`conversion ${conversion}: expected one of ${Object.keys(COLOUR_FILTERS).join(', ')}`);
  const threads = s.threads ?? DEFAULT_X264_THREADS;
  if (!Number.isInteger(threads) || threads < 0 || threads > 64) throw new RangeError(`x264 threads ${threads}: expected an integer from 0 (x264's choice) to 64`);
  if (s.input === 'i420') {
    // The page converted the frame as COLOUR_FILTERS.zscale would (core/video/i420.ts): x264 takes it as it is.
    // Another conversion cannot be honoured on frames already converted: refused, not ignored.
    if (conversion !== 'zscale') throw new RangeError(`conversion ${conversion} with i420 frames: the page converts them as zscale does; expected zscale, or a capture format ffmpeg converts`);
    // The chroma's siting is tagged as zscale's films tag it (x264 would say `left`).
    return {
      inputOptions: ['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${s.width}x${s.height}`, '-framerate', String(s.fps)],
      outputOptions: ['-map', '0:v:0', '-an', '-chroma_sample_location', 'center', ...h264Mp4Options({ threads, preset, crf })],
    };
  }
  return {
    inputOptions: ['-filter_threads', String(FILM_FILTER_THREADS), '-f', 'image2pipe', '-framerate', String(s.fps), '-c:v', s.input === 'png' ? 'png' : 'mjpeg'],
    outputOptions: [
      '-map', '0:v:0',
      '-an',
      '-vf', COLOUR_FILTERS[conversion],
      ...h264Mp4Options({ threads, preset, crf }),
    ],
  };
}

/**
 * The proof films' encoding, once: H.264 High, yuv420p, BT.709 tags (tv range), moov at the front.
 * Every film and clip the project makes is encoded with these (the comparison clips too).
 */
export function h264Mp4Options(o: { threads: number; preset: X264Preset; crf: number }): string[] {
  // prettier-ignore
  return [
    '-c:v', 'libx264',
    '-threads', String(o.threads),
    '-preset', o.preset,
    '-profile:v', 'high',
    '-crf', String(o.crf),
    '-pix_fmt', 'yuv420p',
    '-colorspace', 'bt709',
    '-color_primaries', 'bt709',
    '-color_trc', 'bt709',
    '-color_range', 'tv',
    '-movflags', '+faststart',
    '-f', 'mp4',
  ];
}

/**
 * The tail of every clip's command line (eye compare's clips, eye diff's review clips): the filter
 * graph's `[out]` alone, no audio, cut at exactly `frames` at `fps`, encoded as the proof films are
 * (h264Mp4Options at the films' own CRF, preset and threads), written to `output` (pure: tested).
 * The one home of a clip's encoder arguments, so a clip cannot drift from the films it shows.
 */
export function clipOutputArgs(o: { frames: number; fps: number; output: string }): string[] {
  if (!Number.isInteger(o.frames) || o.frames < 1) throw new RangeError(`frames ${o.frames}: expected an integer ≥ 1`);
  if (!Number.isInteger(o.fps) || o.fps < 1 || o.fps > 240) throw new RangeError(`fps ${o.fps}: expected an integer from 1 to 240`);
  // prettier-ignore
  return [
    '-map', '[out]',
    '-an',
    '-frames:v', String(o.frames),
    '-r', String(o.fps),
    ...h264Mp4Options({ threads: DEFAULT_X264_THREADS, preset: DEFAULT_PRESET, crf: DEFAULT_CRF }),
    '-y',
    o.output,
  ];
}

/** How far into a film's ffmpeg work a bench stage goes: the frames decoded only, or decoded and colour-converted. */
export type FfmpegStage = 'decode' | 'convert';

/**
 * A film's ffmpeg command line cut short at `stage` (pure; `eye bench` times each stage's CPU apart):
 * the same input options, then either nothing or the film's own `-vf` colour conversion, into
 * ffmpeg's null muxer (which takes the frames as they are: no conversion, no encoder). The full
 * film's command minus the `convert` stage's is x264 and the muxing. Raw I420 has no conversion:
 * its `convert` stage is its `decode` stage (reading the frames).
 */
export function ffmpegStageArgs(args: FfmpegArgs, stage: FfmpegStage): string[] {
  const vf = args.outputOptions.indexOf('-vf');
  const raw = args.inputOptions.includes('rawvideo');
  if (!raw && (vf < 0 || vf + 1 >= args.outputOptions.length)) throw new RangeError('ffmpegStageArgs: the film\'s arguments have no -vf colour conversion');
  return [
    '-v', 'error',
    ...args.inputOptions,
    '-i', 'pipe:0',
    '-map', '0:v:0',
    '-an',
    ...(stage === 'convert' && !raw ? ['-vf', args.outputOptions[vf + 1]] : []),
    '-f', 'null',
    '-',
  ];
}
