import { describe, expect, it } from 'vitest';
import { clipOutputArgs, COLOUR_FILTERS, ffmpegArgs, ffmpegStageArgs } from './ffmpeg-args.ts';

const base = { width: 1280, height: 720, fps: 30, input: 'png' as const };
const valueOf = (args: string[], flag: string) => args[args.indexOf(flag) + 1];
const h264Tail = ffmpegArgs(base).outputOptions.slice(ffmpegArgs(base).outputOptions.indexOf('-c:v'));

describe('ffmpegArgs', () => {
  it('reads images from the pipe at the film rate', () => {
    const { inputOptions } = ffmpegArgs(base);
    expect(inputOptions).toEqual(['-filter_threads', '1', '-f', 'image2pipe', '-framerate', '30', '-c:v', 'png']);
    expect(valueOf(ffmpegArgs({ ...base, input: 'jpeg' }).inputOptions, '-c:v')).toBe('mjpeg');
  });

  it('writes H.264 High, yuv420p, BT.709 (matrix and tags), CRF 18, faststart mp4', () => {
    const { outputOptions: o } = ffmpegArgs(base);
    expect(valueOf(o, '-c:v')).toBe('libx264');
    expect(valueOf(o, '-profile:v')).toBe('high');
    expect(valueOf(o, '-pix_fmt')).toBe('yuv420p');
    expect(valueOf(o, '-crf')).toBe('18');
    expect(valueOf(o, '-preset')).toBe('veryfast');
    for (const tag of ['-colorspace', '-color_primaries', '-color_trc']) expect(valueOf(o, tag)).toBe('bt709');
    expect(valueOf(o, '-color_range')).toBe('tv');
    expect(valueOf(o, '-vf')).toBe(COLOUR_FILTERS.zscale);
    expect(valueOf(o, '-vf')).toMatch(/zscale=matrix=709:range=tv:.*,format=yuv420p$/);
    expect(valueOf(o, '-threads')).toBe('1');
    expect(valueOf(o, '-movflags')).toBe('+faststart');
    expect(valueOf(o, '-f')).toBe('mp4');
    expect(o).toContain('-an');
  });

  it('takes a lower CRF and another preset', () => {
    const { outputOptions: o } = ffmpegArgs({ ...base, crf: 12, preset: 'medium' });
    expect([valueOf(o, '-crf'), valueOf(o, '-preset')]).toEqual(['12', 'medium']);
  });

  it('converts with zimg by default, through clamped 8-bit RGB; swscale\'s accurate path on request', () => {
    const z = valueOf(ffmpegArgs(base).outputOptions, '-vf');
    expect(z.split(',')).toEqual([expect.stringMatching(/^zscale=/), 'format=gbrp', expect.stringMatching(/^zscale=matrix=709:range=tv:/), 'format=yuv420p']);
    const s = valueOf(ffmpegArgs({ ...base, conversion: 'swscale' }).outputOptions, '-vf');
    expect(s).toBe('scale=out_color_matrix=bt709:out_range=tv:flags=accurate_rnd+full_chroma_int,format=yuv420p');
  });

  it('takes x264 threads', () => {
    expect(valueOf(ffmpegArgs({ ...base, threads: 2 }).outputOptions, '-threads')).toBe('2');
  });

  it('refuses what a proof film may not be, naming the allowed range', () => {
    expect(() => ffmpegArgs({ ...base, width: 1281 })).toThrow(/even integers/);
    expect(() => ffmpegArgs({ ...base, crf: 23 })).toThrow(/crf 23: expected an integer from 0 to 18/);
    expect(() => ffmpegArgs({ ...base, fps: 0 })).toThrow(/from 1 to 240/);
    expect(() => ffmpegArgs({ ...base, preset: 'turbo' as never })).toThrow(/one of/);
    expect(() => ffmpegArgs({ ...base, conversion: 'fast' as never })).toThrow(/conversion fast: expected one of zscale, swscale/);
    expect(() => ffmpegArgs({ ...base, threads: -1 })).toThrow(/x264 threads -1: expected an integer from 0/);
  });

  it('takes the page\'s I420 raw: no decoder, no conversion, the chroma tagged centre-sited as zscale\'s films are', () => {
    const { inputOptions, outputOptions } = ffmpegArgs({ ...base, input: 'i420' });
    expect(inputOptions).toEqual(['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', '1280x720', '-framerate', '30']);
    expect(outputOptions).not.toContain('-vf');
    // Frames the page has converted cannot take another conversion: refused, where it was ignored.
    expect(() => ffmpegArgs({ ...base, input: 'i420', conversion: 'swscale' })).toThrow(/conversion swscale with i420 frames: .*expected zscale/);
    expect(valueOf(outputOptions, '-chroma_sample_location')).toBe('center');
    expect(valueOf(outputOptions, '-pix_fmt')).toBe('yuv420p');
    expect(valueOf(outputOptions, '-color_range')).toBe('tv');
    expect(outputOptions.slice(-h264Tail.length)).toEqual(h264Tail);
  });

  it('is pure: the same settings give the same arguments', () => {
    expect(ffmpegArgs(base)).toEqual(ffmpegArgs({ ...base }));
  });
});

describe('ffmpegStageArgs', () => {
  const film = ffmpegArgs({ ...base, input: 'jpeg' });
  it('decode: the film\'s input into the null muxer, no filter, no encoder', () => {
    const a = ffmpegStageArgs(film, 'decode');
    expect(a.slice(2, 2 + film.inputOptions.length)).toEqual(film.inputOptions);
    expect(a).not.toContain('-vf');
    expect(a).not.toContain('libx264');
    expect(a.slice(-3)).toEqual(['-f', 'null', '-']);
  });
  it("convert: the film's own colour conversion, then the null muxer", () => {
    const a = ffmpegStageArgs(film, 'convert');
    expect(valueOf(a, '-vf')).toBe(COLOUR_FILTERS.zscale);
    expect(a).not.toContain('libx264');
    expect(a.slice(-3)).toEqual(['-f', 'null', '-']);
  });
  it('raw I420 has nothing to convert: its convert stage is its decode stage', () => {
    const raw = ffmpegArgs({ ...base, input: 'i420' });
    expect(ffmpegStageArgs(raw, 'convert')).toEqual(ffmpegStageArgs(raw, 'decode'));
    expect(ffmpegStageArgs(raw, 'decode')).not.toContain('-vf');
  });
  it('refuses arguments without a colour conversion', () => {
    expect(() => ffmpegStageArgs({ inputOptions: [], outputOptions: ['-c:v', 'libx264'] }, 'convert')).toThrow(RangeError);
  });
});

describe('clipOutputArgs', () => {
  it("ends a clip's command with the proof films' own x264 arguments, cut at exactly its frames", () => {
    const clip = clipOutputArgs({ frames: 600, fps: 30, output: '/o/c.mp4' });
    expect(clip.slice(0, 7)).toEqual(['-map', '[out]', '-an', '-frames:v', '600', '-r', '30']);
    expect(clip.slice(-2)).toEqual(['-y', '/o/c.mp4']);
    // The encoder's part is the film's, argument for argument: one home for both.
    const film = ffmpegArgs(base).outputOptions;
    const encoder = film.slice(film.indexOf('-c:v'));
    expect(clip.slice(7, -2)).toEqual(encoder);
  });

  it('refuses a clip of no frames or a rate out of range', () => {
    expect(() => clipOutputArgs({ frames: 0, fps: 30, output: '/o' })).toThrow(/frames 0/);
    expect(() => clipOutputArgs({ frames: 10, fps: 0, output: '/o' })).toThrow(/fps 0/);
  });
});
