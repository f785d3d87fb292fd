/**
 * The frame a still at `timeS` shows: the one on screen then (frame n is shown from n / fps until
 * (n + 1) / fps), the last frame for the film's very end. A time before 0 or after the film is a
 * RangeError (a still of nothing).
 */
export function stillFrame(timeS: number, fps: number, frames: number): number {
  if (!Number.isFinite(timeS) || timeS < 0) throw new RangeError(`still at ${timeS} s: expected a time ≥ 0`);
  const end = frames / fps;
  // A microsecond's slack: 1.1 s at 30 fps is 32.99999… frames in floating point, and means frame 33.
  const n = Math.floor(timeS * fps + 1e-6);
  if (n >= frames && timeS > end + 1e-6) throw new RangeError(`still at ${timeS} s: the film ends at ${end.toFixed(3)} s`);
  return Math.min(n, frames - 1);
}

/**
 * The ffmpeg command line (after the program name) that writes one frame of a film to stdout as a
 * PNG in RGB, converted with the film's BT.709 matrix and tv range as a player shows it (pure: tested
 * without ffmpeg). The input is sought to half a frame before the frame (ffmpeg's accurate seek then
 * drops every earlier one, whatever the time's rounding) and one frame is taken.
 */
export function stillArgs(o: { film: string; frame: number; fps: number }): string[] {
  if (!Number.isInteger(o.frame) || o.frame < 0) throw new RangeError(`frame ${o.frame}: expected an integer ≥ 0`);
  if (!o.film.startsWith('/')) throw new RangeError(`film "${o.film}": expected an absolute path`);
  return [
    '-hide_banner',
    '-nostdin',
    '-v', 'error',
    ...(o.frame > 0 ? ['-ss', ((o.frame - 0.5) / o.fps).toFixed(6)] : []),
    '-noautorotate',
    '-i', o.film,
    '-map', '0:v:0',
    '-an', '-sn', '-dn',
    '-vf', 'scale=iw:ih:in_color_matrix=bt709:in_range=tv:flags=accurate_rnd+full_chroma_int+full_chroma_inp,format=rgb24',
    '-frames:v', '1',
    '-f', 'image2pipe',
    '-c:v', 'png',
    'pipe:1',
  ];
}
