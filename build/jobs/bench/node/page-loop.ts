/** Frames 1…n drawn in one page call (no CDP per frame), each followed by `then` (which sees the canvas's
 * context as `c` and a counter `n`, returned): a one-pixel read (ONE_PIXEL_READ), or its image's encode.
 * A `then` that awaits (the I420 read through a VideoFrame) makes the loop an async function. */
export const pageLoop = (frames: number, then: string) =>
  `(${/\bawait\b/.test(then) ? 'async ' : ''}() => { const c = document.querySelector('canvas').getContext('2d'); let n = 0; for (let f = 1; f <= ${frames}; f++) { window.__eye.goToFrame(f); ${then} } return n; })()`;

/** Reads one pixel back: the frame's drawing is done, not queued. */
export const ONE_PIXEL_READ = 'c.getImageData(0, 0, 1, 1);';

/** pageLoop with ONE_PIXEL_READ, timed by the page's own clock: wall ms a frame, without CDP or Node in the span. */
export const timedPageLoop = (frames: number) => `(() => { const t0 = performance.now(); ${pageLoop(frames, ONE_PIXEL_READ)}; return (performance.now() - t0) / ${frames}; })()`;
