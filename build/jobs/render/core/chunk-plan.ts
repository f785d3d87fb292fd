/**
 * Frames a chunk of a long film holds. Measured on the tour at 1280×720 (docs/rendering.md, "Long
 * films in chunks"; a 2-core machine shared with other work, load 12–19): a chunk taken by a browser
 * already running reaches its first frame 5.3–9.9 s after it starts (the scene's load, the model run
 * to its start, 15 warm-up frames, an ffmpeg), against 113–156 s for its 300 frames, 4–7 %; half the
 * length would pay that twice as often, and six chunks already keep both cores busy beside a
 * 600-frame scene.
 */
export const CHUNK_FRAMES = 300;

/**
 * A film is split only when it is longer than this: the 20-s scenes (600 frames at 30 fps) stay in one
 * piece (a cold run has 26 films to spread over the cores; their chunks would add only overhead).
 */
export const MIN_CHUNKED_FRAMES = 601;

/**
 * Frames a chunk that starts mid-film draws and measures before its first, uncaptured: the pixel
 * path's one memory across frames (MaskMeter: the column the opening was last read at, used while the
 * lids hide pupil and iris) is then the one-piece render's, once one of them shows the pupil.
 */
export const CHUNK_WARMUP_FRAMES = 15;

/** Consecutive film frames [startFrame, endFrame) rendered and encoded as one job. */
export interface FilmChunk {
  /** 0-based position among the film's chunks. */
  index: number;
  startFrame: number;
  /** Exclusive. */
  endFrame: number;
}

/**
 * A film of `frameCount` frames as chunks (pure): one chunk when it is short (< minChunkedFrames),
 * else ceil(frameCount / chunkFrames) chunks of as nearly equal length as whole frames allow, in
 * order, covering every frame once.
 */
export function chunkPlan(frameCount: number, o: { chunkFrames?: number; minChunkedFrames?: number } = {}): FilmChunk[] {
  const chunkFrames = o.chunkFrames ?? CHUNK_FRAMES;
  const minChunked = o.minChunkedFrames ?? MIN_CHUNKED_FRAMES;
  if (!Number.isInteger(frameCount) || frameCount < 1) throw new RangeError(`frame count ${frameCount}: expected an integer ≥ 1`);
  if (!Number.isInteger(chunkFrames) || chunkFrames < 1) throw new RangeError(`chunk frames ${chunkFrames}: expected an integer ≥ 1`);
  const count = frameCount < minChunked ? 1 : Math.ceil(frameCount / chunkFrames);
  return Array.from({ length: count }, (_, index) => ({
    index,
    startFrame: Math.round((index * frameCount) / count),
    endFrame: Math.round(((index + 1) * frameCount) / count),
  }));
}

/**
 * The frame a chunk's warm-up starts at (its own start for the first chunk), and how far back to go
 * after a warm-up that never showed the pupil (each retry 4× further, down to frame 0, which is exact).
 */
export function warmupStartFrame(startFrame: number, attempt: number, warmupFrames = CHUNK_WARMUP_FRAMES): number {
  return Math.max(0, startFrame - warmupFrames * 4 ** attempt);
}
