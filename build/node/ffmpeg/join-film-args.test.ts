import { describe, expect, it } from 'vitest';
import { concatList, joinFilmArgs } from './join-film-args.ts';

describe('joinFilmArgs', () => {
  it('joins by the concat demuxer with the video stream copied (no re-encode), moov at the front, into an MP4', () => {
    const args = joinFilmArgs({ listFile: '/s/chunks.txt', output: '/s/film.partial.mp4' });
    expect(args.join(' ')).toBe('-v error -nostdin -f concat -safe 0 -i /s/chunks.txt -map 0:v:0 -an -c copy -movflags +faststart -f mp4 -y /s/film.partial.mp4');
    expect(args).not.toContain('libx264');
  });
});

describe('concatList', () => {
  it('lists the chunks in order, each with its exact length to the µs, quotes escaped', () => {
    expect(concatList([{ file: '/a/chunk-0.mp4', frames: 53 }, { file: "/a/it's/chunk-1.mp4", frames: 300 }], 30)).toBe("file '/a/chunk-0.mp4'\nduration 1.766667\nfile '/a/it'\\''s/chunk-1.mp4'\nduration 10.000000\n");
  });
  it('refuses an empty list or a rate that is not a whole number of frames a second', () => {
    expect(() => concatList([], 30)).toThrow(/no chunks/);
    expect(() => concatList([{ file: '/a', frames: 1 }], 29.97)).toThrow(/fps 29.97/);
  });
});
