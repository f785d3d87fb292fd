import { describe, expect, it } from 'vitest';
import { DEFAULT_CRF, DEFAULT_PRESET } from '../../../node/ffmpeg/ffmpeg-args.ts';
import { concatArgs, concatList, DIFFERENCE_GAIN, reviewClipArgs, reviewClipSize, type ReviewClipInput } from './review-clip-args.ts';

const input = (over: Partial<ReviewClipInput> = {}): ReviewClipInput => ({
  segments: [
    { baselineFilm: '/b/a.mp4', currentFilm: '/c/a.mp4', overlay: '/w/o0.png', startFrame: 0, frames: 40 },
    { baselineFilm: '/b/b.mp4', currentFilm: '/c/b.mp4', overlay: '/w/o1.png', startFrame: 120, frames: 61 },
  ],
  panelSize: { width: 640, height: 360 },
  headerHeightPx: 24,
  labelHeightPx: 44,
  fps: 30,
  output: '/out/.review.mp4.tmp-1',
  ...over,
});
const graphOf = (args: string[]) => args[args.indexOf('-filter_complex') + 1];
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('reviewClipArgs', () => {
  const args = reviewClipArgs(input());
  const g = graphOf(args);

  it('reads each segment\'s baseline and current film, then the overlays, seeking half a frame before a later segment\'s first frame', () => {
    const inputs = args.flatMap((a, i) => (a === '-i' ? [args[i + 1]] : []));
    expect(inputs).toEqual(['/b/a.mp4', '/c/a.mp4', '/b/b.mp4', '/c/b.mp4', '/w/o0.png', '/w/o1.png']);
    // The first segment starts at frame 0: no seek. The second at 120: (120 − 0.5) / 30 s, on both films.
    const seeks = args.flatMap((a, i) => (a === '-ss' ? [args[i + 1]] : []));
    expect(seeks).toEqual(['3.983333', '3.983333']);
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('/b/b.mp4'));
  });

  it('keeps exactly each segment\'s frames from zero, and cuts the clip at their sum', () => {
    expect(g).toContain('[0:v]trim=end_frame=40,setpts=PTS-STARTPTS,split=2[b0][bd0]');
    expect(g).toContain('[3:v]trim=end_frame=61,setpts=PTS-STARTPTS,split=2[c1][cd1]');
    expect(after(args, '-frames:v')).toBe('101');
    expect(after(args, '-r')).toBe('30');
  });

  it('takes the difference in RGB from the films\' BT.709, amplifies it, and stacks baseline | current | difference', () => {
    expect(g).toContain('[bd0]scale=iw:ih:in_color_matrix=bt709:in_range=tv:flags=accurate_rnd+full_chroma_int,format=gbrp[bg0]');
    const gain = (1 / DIFFERENCE_GAIN).toFixed(6);
    expect(g).toContain(`[cg1][bg1]blend=all_mode=difference,colorlevels=rimax=${gain}:gimax=${gain}:bimax=${gain},scale=640:360:out_color_matrix=bt709`);
    expect(g).toContain('[bp0][cp0][d0]hstack=inputs=3,pad=1920:428:0:24:black,setsar=1[r0]');
    expect(g).toContain('[r1][5:v]overlay=0:0:eof_action=repeat:format=yuv420,format=yuv420p[s1]');
    expect(g.endsWith('[s0][s1]concat=n=2:v=1:a=0[out]')).toBe(true);
  });

  it('one segment needs no concat', () => {
    expect(graphOf(reviewClipArgs(input({ segments: [input().segments[0]] })))).toMatch(/\[s0\]null\[out\]$/);
  });

  it('encodes as the project\'s films are', () => {
    expect(after(args, '-c:v')).toBe('libx264');
    expect(after(args, '-crf')).toBe(String(DEFAULT_CRF));
    expect(after(args, '-preset')).toBe(DEFAULT_PRESET);
    expect(after(args, '-pix_fmt')).toBe('yuv420p');
    expect(after(args, '-movflags')).toBe('+faststart');
    expect(args.at(-1)).toBe('/out/.review.mp4.tmp-1');
    expect(reviewClipSize(input())).toEqual({ width: 1920, height: 428 });
  });

  it('refuses odd sizes, bad frames and no segments, saying what it expected', () => {
    expect(() => reviewClipArgs(input({ panelSize: { width: 641, height: 360 } }))).toThrow('641x360: expected even integers');
    expect(() => reviewClipArgs(input({ labelHeightPx: 45 }))).toThrow('label height 45');
    expect(() => reviewClipArgs(input({ segments: [] }))).toThrow('at least one');
    expect(() => reviewClipArgs(input({ fps: 0 }))).toThrow('fps 0');
    expect(() => reviewClipArgs(input({ segments: [{ ...input().segments[0], frames: 0 }] }))).toThrow('segment 0: frames 0');
    expect(() => reviewClipArgs(input({ segments: [{ ...input().segments[0], startFrame: -1 }] }))).toThrow('startFrame -1');
  });
});

describe('concatList and concatArgs', () => {
  it('lists the parts in order, each quoted, a quote inside escaped as the demuxer reads it', () => {
    expect(concatList(['/t/segment-0.mp4', "/t/it's/segment-1.mp4"])).toBe("file '/t/segment-0.mp4'\nfile '/t/it'\\''s/segment-1.mp4'\n");
  });

  it('refuses relative paths, line breaks and an empty list', () => {
    expect(() => concatList(['segment-0.mp4'])).toThrow('expected an absolute path');
    expect(() => concatList(['/t/a\nfile /etc/passwd'])).toThrow('line break');
    expect(() => concatList([])).toThrow('at least one');
  });

  it('joins by stream copy, cut at the frame count, moov first', () => {
    const args = concatArgs('/t/segments.txt', '/out/.review.mp4.tmp-1', 101);
    expect(after(args, '-f')).toBe('concat');
    expect(after(args, '-safe')).toBe('0');
    expect(after(args, '-i')).toBe('/t/segments.txt');
    expect(after(args, '-c')).toBe('copy');
    expect(after(args, '-frames:v')).toBe('101');
    expect(after(args, '-movflags')).toBe('+faststart');
    expect(args.at(-1)).toBe('/out/.review.mp4.tmp-1');
    expect(() => concatArgs('/t/l.txt', '/o.mp4', 0)).toThrow('frames 0');
  });
});
