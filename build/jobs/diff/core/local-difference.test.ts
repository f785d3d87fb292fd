import { describe, expect, it } from 'vitest';
import { LOCAL_DIFFERENCE_FILE, localDifferenceArgs, parseLocalDifference } from './local-difference.ts';

describe('the local difference: ffmpeg\'s arguments and its metadata file', () => {
  it('blurs the luma difference and prints its maximum into a file named in its working folder', () => {
    const args = localDifferenceArgs({ baselineFilm: '/a b/base.mp4', currentFilm: 'cur.mp4', sigmaPx: 3 });
    expect(args.slice(0, 8)).toEqual(['-nostdin', '-v', 'error', '-i', '/a b/base.mp4', '-i', 'cur.mp4', '-lavfi']);
    expect(args[8]).toContain('gblur=sigma=3.000');
    expect(args[8]).toContain(`file=${LOCAL_DIFFERENCE_FILE}`);
    expect(args[8]).not.toContain('base.mp4');
    expect(() => localDifferenceArgs({ baselineFilm: 'a', currentFilm: 'b', sigmaPx: 0 })).toThrow(RangeError);
  });

  it('reads one value a frame, and refuses what it does not understand', () => {
    const text = 'frame:0    pts:0       pts_time:0\nlavfi.signalstats.YMAX=4\nframe:1    pts:512     pts_time:0.0333\nlavfi.signalstats.YMAX=27\n';
    expect(parseLocalDifference(text)).toEqual([4, 27]);
    expect(() => parseLocalDifference('frame:1 pts:0\nlavfi.signalstats.YMAX=4\n')).toThrow(/frame 1 where frame 0/);
    expect(() => parseLocalDifference('frame:0 pts:0\nlavfi.signalstats.YMIN=4\n')).toThrow(/cannot read/);
  });
});
