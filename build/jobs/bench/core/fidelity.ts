/** A film's fidelity to its lossless frames: PSNR (dB) and SSIM over Y, U, V and all, as ffmpeg's psnr and ssim filters report them. */
export interface Fidelity {
  psnrY: number;
  psnrAll: number;
  ssimY: number;
  ssimAll: number;
}

/**
 * ffmpeg's arguments comparing a film (`film`, any container) with reference frames as raw yuv420p
 * (`reference`, `width`×`height`: the lossless frames through the film's own colour conversion), frame
 * by frame, with psnr and ssim side by side; the reports go to stderr (pure: tested without ffmpeg).
 */
export function fidelityArgs(film: string, reference: string, width: number, height: number, fps: number): string[] {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 2 || height < 2) throw new RangeError(`fidelityArgs: size ${width}x${height}`);
  if (!Number.isInteger(fps) || fps < 1 || fps > 240) throw new RangeError(`fidelityArgs: fps ${fps}`);
  // psnr and ssim pair frames by time: both streams are retimed to their frame index, so frame n
  // meets frame n (raw input at ffmpeg's default 25 fps against a 30-fps film paired them a frame off).
  const byIndex = 'setpts=N/FRAME_RATE/TB';
  return [
    '-hide_banner', '-nostats',
    '-i', film,
    '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${width}x${height}`, '-framerate', String(fps), '-i', reference,
    '-lavfi', `[0:v]format=yuv420p,${byIndex},split[a][b];[1:v]${byIndex},split[c][d];[a][c]psnr;[b][d]ssim`,
    '-f', 'null', '-',
  ];
}

/** The summary lines ffmpeg's psnr and ssim filters print at the end (`PSNR y:… average:…`, `SSIM Y:… All:…`). */
export function parseFidelity(stderr: string): Fidelity {
  const psnrLine = /PSNR y:(\S+) u:(\S+) v:(\S+) average:(\S+)/.exec(stderr);
  const ssimLine = /SSIM Y:(\S+) \([^)]*\) U:\S+ \([^)]*\) V:\S+ \([^)]*\) All:(\S+)/.exec(stderr);
  if (!psnrLine || !ssimLine) throw new Error('parseFidelity: no PSNR and SSIM summary in ffmpeg\'s output');
  const num = (s: string) => (s === 'inf' ? Infinity : Number(s));
  const f = { psnrY: num(psnrLine[1]), psnrAll: num(psnrLine[4]), ssimY: num(ssimLine[1]), ssimAll: num(ssimLine[2]) };
  if (Object.values(f).some((v) => Number.isNaN(v))) throw new Error('parseFidelity: a value ffmpeg printed is not a number');
  return f;
}
