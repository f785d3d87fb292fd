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

/**
 * The concat demuxer's list file for a film's chunks (absolute paths, in film order), each with its
 * exact length, frames / fps: without it the demuxer places each chunk after the one before by that
 * file's duration as the container rounds it (to the ms: 53 frames at 30 fps is 1.767 s), and a film of
 * chunks whose lengths are no whole ms drifts off the frame grid (7.002 s for 7). Written to the µs,
 * which the MP4's 1/15360-s ticks round back onto the grid. A quote in a path is escaped as the demuxer reads it.
 */
export function concatList(chunks: readonly { file: string; frames: number }[], fps: number): string {
  if (chunks.length === 0) throw new RangeError('no chunks to join');
  if (!Number.isInteger(fps) || fps < 1) throw new RangeError(`fps ${fps}: expected an integer ≥ 1`);
  return chunks.map((c) => `file '${c.file.replaceAll("'", "'\\''")}'\nduration ${(c.frames / fps).toFixed(6)}\n`).join('');
}
