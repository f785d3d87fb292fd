import { createI420Converter, FILM_CHROMA_KERNEL, type I420Converter } from '../core/video/i420.ts';

/**
 * The canvas as the film's I420, handed to `use` (which must be done with the bytes when it returns:
 * they are overwritten by the next read). The pixels are read by a VideoFrame's copyTo into RGBA (a
 * GPU-free copy; getImageData cost ~17 CPU-ms a 720p frame against ~1: docs/speed-capture.md), then
 * converted as the films' zscale converts (FILM_CHROMA_KERNEL). Buffers are kept per size, so a frame
 * allocates nothing.
 *
 * The render keeps two frames in flight, so the next frame is drawn while this one's copy is pending.
 * The VideoFrame snapshots the canvas when the read is asked for; the copy, the conversion and `use`
 * then run one read at a time, in order. With the buffers shared between reads in flight, three reads
 * asked for in one task all came back as the last frame (capture-paths.test.ts).
 */
export function createCanvasI420(canvas: HTMLCanvasElement): <T>(use: (bytes: Uint8Array) => T) => Promise<T> {
  let size = '';
  let converter: I420Converter | null = null;
  let rgba = new Uint8Array(0);
  let out = new Uint8Array(0);
  let last: Promise<unknown> = Promise.resolve();
  return <T>(use: (bytes: Uint8Array) => T): Promise<T> => {
    const frame = new VideoFrame(canvas, { timestamp: 0 });
    const { width, height } = canvas;
    const read = last.then(async () => {
      try {
        if (`${width}x${height}` !== size) {
          converter = createI420Converter(width, height, FILM_CHROMA_KERNEL);
          rgba = new Uint8Array(width * height * 4);
          out = new Uint8Array(converter.bytes);
          size = `${width}x${height}`;
        }
        await frame.copyTo(rgba, { format: 'RGBA' });
      } finally {
        frame.close();
      }
      converter!.convert(rgba, out);
      return use(out);
    });
    last = read.catch(() => undefined);
    return read;
  };
}
