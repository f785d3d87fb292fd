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
  it('lists the chunks in order, one file line each, quotes escaped', () => {
    expect(concatList(['/a/chunk-0.mp4', "/a/it's/chunk-1.mp4"])).toBe("file '/a/chunk-0.mp4'\nfile '/a/it'\\''s/chunk-1.mp4'\n");
  });
  it('refuses an empty list', () => {
    expect(() => concatList([])).toThrow(/no chunks/);
  });
});
