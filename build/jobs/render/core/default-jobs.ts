/** What one render job holds at its peak: a headless Chromium (browser, GPU and renderer processes), ffmpeg and its share of Node. */
export const MEMORY_PER_RENDER_JOB_BYTES = 1 << 30;

/**
 * `eye render --jobs` when none is given: one job per core, as many as memory holds, 1 to 8. One
 * job cannot keep two cores busy: the page draws and encodes each frame on one renderer thread while
 * ffmpeg (one x264 thread) waits for it, ~1.2 cores at most; a second job's browser fills the idle
 * core. Measured on 2 shared cores, four 3-s films: --jobs 2 34.6–40.1 s, --jobs 1 40.7–47.7 s.
 */
export function defaultJobs(cores: number, freeMemoryBytes: number): number {
  const byMemory = Math.floor(freeMemoryBytes / MEMORY_PER_RENDER_JOB_BYTES);
  return Math.max(1, Math.min(8, Math.floor(cores), byMemory));
}
