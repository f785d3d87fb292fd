/** The file ffmpeg's metadata filter prints each frame's largest blurred difference into (in its working folder: no path in the graph). */
export const LOCAL_DIFFERENCE_FILE = 'local-difference.txt';
const KEY = 'lavfi.signalstats.YMAX';

/**
 * ffmpeg's arguments for each frame's largest local difference: |Y_current − Y_baseline| (8-bit luma,
 * 0–255), blurred by a Gaussian of `sigmaPx` (spread noise averages away, a changed spot the size of
 * the blur stays), its maximum per frame printed by signalstats through metadata=print.
 */
export function localDifferenceArgs(o: { baselineFilm: string; currentFilm: string; sigmaPx: number }): string[] {
  if (!(o.sigmaPx > 0 && o.sigmaPx <= 64)) throw new RangeError(`sigma ${o.sigmaPx}: expected 0 to 64 px`);
  const graph = `[0:v]format=yuv420p[b];[1:v]format=yuv420p[c];[c][b]blend=all_mode=difference,extractplanes=y,gblur=sigma=${o.sigmaPx.toFixed(3)},signalstats,metadata=mode=print:key=${KEY}:file=${LOCAL_DIFFERENCE_FILE}`;
  return ['-nostdin', '-v', 'error', '-i', o.baselineFilm, '-i', o.currentFilm, '-lavfi', graph, '-f', 'null', '-'];
}

/**
 * The metadata file's values, one a frame: lines `frame:N pts:… pts_time:…` then `lavfi.signalstats.YMAX=V`.
 * A line it does not understand, or a frame out of order, is an error (a changed ffmpeg must not be misread).
 */
export function parseLocalDifference(text: string): number[] {
  const out: number[] = [];
  let frame = -1;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const f = /^frame:(\d+)\s/.exec(line);
    if (f) {
      frame = Number(f[1]);
      if (frame !== out.length) throw new Error(`local difference: frame ${frame} where frame ${out.length} was expected`);
      continue;
    }
    const v = new RegExp(`^${KEY.replace(/\./g, '\\.')}=(\\d+(?:\\.\\d+)?)$`).exec(line.trim());
    if (!v || frame !== out.length) throw new Error(`local difference: cannot read "${line.slice(0, 80)}"`);
    out.push(Number(v[1]));
  }
  return out;
}
