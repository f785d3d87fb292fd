/**
 * The ffmpeg command line that joins a film's chunks into one film without re-encoding (pure: tested
 * without ffmpeg): the concat demuxer reads the list file (one `file '<path>'` line a chunk, in order),
 * and the one video stream is copied packet for packet, so each chunk's pictures are the film's, moov
 * at the front like every film. The chunks were encoded with the same arguments (ffmpegArgs), so their
 * parameter sets agree and one stream header serves them all.
 */
export function joinFilmArgs(o: { listFile: string; output: string }): string[] {
  // prettier-ignore
  return [
    '-v', 'error',
    '-nostdin',
    '-f', 'concat',
    '-safe', '0',
    '-i', o.listFile,
    '-map', '0:v:0',
    '-an',
    '-c', 'copy',
    '-movflags', '+faststart',
    '-f', 'mp4',
    '-y',
    o.output,
  ];
}

/** The concat demuxer's list file for `chunks` (absolute paths, in film order); a quote in a path is escaped as the demuxer reads it. */
export function concatList(chunks: readonly string[]): string {
  if (chunks.length === 0) throw new RangeError('no chunks to join');
  return chunks.map((c) => `file '${c.replaceAll("'", "'\\''")}'\n`).join('');
}
