/** The stats files ffmpeg writes, named relative to its working folder (so no path is ever escaped into the graph). */
export const SSIM_STATS_FILE = 'ssim.log';
export const PSNR_STATS_FILE = 'psnr.log';

/**
 * The ffmpeg command line (after the program name) that compares two films frame by frame with
 * ffmpeg's own ssim and psnr filters, each writing one stats line per frame (pure: tested without
 * ffmpeg). Run it with the working folder where the stats files are to land: they are named relative
 * to it, so a temp folder's path never needs the filtergraph's escaping. Both films are decoded to
 * yuv420p (the proof films' own format: a no-op for them) with timestamps from zero, so frame n of
 * one meets frame n of the other; `shortest` stops at the shorter film instead of comparing the
 * longer one's tail with a repeated frame (the caller checks the counts match before this runs).
 * The films must be absolute paths: a relative name would be read against the stats folder, and one
 * like `pipe:` or `http:` would be a protocol.
 */
export function differenceArgs(o: { baselineFilm: string; currentFilm: string }): string[] {
  for (const [name, film] of [['baselineFilm', o.baselineFilm], ['currentFilm', o.currentFilm]] as const) {
    if (!film.startsWith('/')) throw new RangeError(`${name} "${film}": expected an absolute path`);
  }
  const side = (i: number, tag: string) => `[${i}:v]setpts=PTS-STARTPTS,format=yuv420p,split=2[${tag}s][${tag}p]`;
  const graph = [
    side(0, 'b'),
    side(1, 'c'),
    // The current film is the main input, the baseline the reference.
    `[cs][bs]ssim=stats_file=${SSIM_STATS_FILE}:shortest=1[so]`,
    `[cp][bp]psnr=stats_file=${PSNR_STATS_FILE}:shortest=1[po]`,
  ].join(';');
  return [
    '-hide_banner',
    '-nostdin',
    '-v', 'error',
    // Frames as stored (a rotation tag would otherwise turn one film and not the other).
    '-noautorotate', '-i', o.baselineFilm,
    '-noautorotate', '-i', o.currentFilm,
    '-filter_complex', graph,
    '-map', '[so]',
    '-map', '[po]',
    '-an', '-sn', '-dn',
    '-fps_mode', 'passthrough',
    '-f', 'null',
    '-',
  ];
}
