import { describe, expect, it } from 'vitest';
import { differenceArgs, PSNR_STATS_FILE, SSIM_STATS_FILE } from './difference-args.ts';

describe('differenceArgs', () => {
  const args = differenceArgs({ baselineFilm: '/b/film.mp4', currentFilm: '/c/film.mp4' });
  const graph = args[args.indexOf('-filter_complex') + 1];

  it('reads the baseline first, then the current film, both as stored', () => {
    expect(args.flatMap((a, i) => (a === '-i' ? [args[i + 1]] : []))).toEqual(['/b/film.mp4', '/c/film.mp4']);
    expect(args.filter((a) => a === '-noautorotate')).toHaveLength(2);
  });

  it('decodes both to yuv420p from time zero and runs ssim and psnr, each to its stats file named relative to the working folder', () => {
    expect(graph).toBe(
      '[0:v]setpts=PTS-STARTPTS,format=yuv420p,split=2[bs][bp];[1:v]setpts=PTS-STARTPTS,format=yuv420p,split=2[cs][cp];' +
        `[cs][bs]ssim=stats_file=${SSIM_STATS_FILE}:shortest=1[so];[cp][bp]psnr=stats_file=${PSNR_STATS_FILE}:shortest=1[po]`,
    );
    expect(SSIM_STATS_FILE).toMatch(/^[a-z]+\.log$/);
    expect(PSNR_STATS_FILE).toMatch(/^[a-z]+\.log$/);
  });

  it('writes no file of its own (the null muxer), never duplicates or drops a frame, and never reads stdin', () => {
    expect(args.slice(-3)).toEqual(['-f', 'null', '-']);
    expect(args[args.indexOf('-fps_mode') + 1]).toBe('passthrough');
    expect(args).toContain('-nostdin');
  });

  it('refuses a relative film (it would be read against the stats folder, or as a protocol)', () => {
    expect(() => differenceArgs({ baselineFilm: 'film.mp4', currentFilm: '/c.mp4' })).toThrow('baselineFilm "film.mp4": expected an absolute path');
    expect(() => differenceArgs({ baselineFilm: '/b.mp4', currentFilm: 'pipe:0' })).toThrow('currentFilm');
  });
});
