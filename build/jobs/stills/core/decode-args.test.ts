import { describe, expect, it } from 'vitest';
import { decodeArgs, selectExpression } from './decode-args.ts';

describe('selectExpression', () => {
  it('joins lone frames with eq and runs with between', () => {
    expect(selectExpression([3])).toBe('eq(n,3)');
    expect(selectExpression([0, 5, 6, 7, 9, 11, 12])).toBe('eq(n,0)+between(n,5,7)+eq(n,9)+between(n,11,12)');
  });

  it('refuses frames that are not ascending whole numbers', () => {
    expect(() => selectExpression([])).toThrow('no frames');
    expect(() => selectExpression([2, 2])).toThrow('ascend without repeats');
    expect(() => selectExpression([3, 1])).toThrow('ascend');
    expect(() => selectExpression([-1])).toThrow('integer ≥ 0');
    expect(() => selectExpression([1.5])).toThrow('integer ≥ 0');
  });
});

describe('decodeArgs', () => {
  const args = decodeArgs({ film: '/f/film.mp4', frames: [10, 11, 40], colorSpace: 'bt709', colorRange: 'tv' });
  const after = (flag: string) => args[args.indexOf(flag) + 1];

  it('selects the frames by index, stops after the last, and passes them through unduplicated', () => {
    expect(after('-i')).toBe('/f/film.mp4');
    expect(after('-vf')).toBe("select='between(n,10,11)+eq(n,40)',scale=in_color_matrix=bt709:in_range=tv:flags=accurate_rnd+full_chroma_int+full_chroma_inp,format=rgb24");
    expect(after('-frames:v')).toBe('3');
    expect(after('-fps_mode')).toBe('passthrough');
    expect(after('-map')).toBe('0:v:0');
  });

  it('writes packed RGB to stdout and never waits on stdin', () => {
    expect(after('-f')).toBe('rawvideo');
    expect(after('-pix_fmt')).toBe('rgb24');
    expect(args[args.length - 1]).toBe('pipe:1');
    expect(args).toContain('-nostdin');
    expect(args.indexOf('-noautorotate')).toBeLessThan(args.indexOf('-i'));
  });

  it('converts with the film\'s own matrix and range, and leaves unknown ones to ffmpeg', () => {
    const sd = decodeArgs({ film: 'x', frames: [0], colorSpace: 'smpte170m', colorRange: 'pc' });
    expect(sd[sd.indexOf('-vf') + 1]).toContain('scale=in_color_matrix=bt601:in_range=pc:flags=');
    const unknown = decodeArgs({ film: 'x', frames: [0], colorSpace: 'unknown', colorRange: 'unknown' });
    expect(unknown[unknown.indexOf('-vf') + 1]).toBe("select='eq(n,0)',scale=flags=accurate_rnd+full_chroma_int+full_chroma_inp,format=rgb24");
  });
});
