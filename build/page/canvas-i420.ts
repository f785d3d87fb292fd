import { createI420Converter, FILM_CHROMA_KERNEL, type I420Converter } from '../core/video/i420.ts';

/**
 * The canvas as the film's I420. The pixels are read by a VideoFrame's copyTo into RGBA (a GPU-free
 * copy; getImageData cost ~17 CPU-ms a 720p frame against ~1: docs/speed-capture.md), then converted
 * as the films' zscale converts (FILM_CHROMA_KERNEL). Buffers are kept per size, so a frame allocates
 * nothing; the returned bytes are overwritten by the next call.
 */
export function createCanvasI420(canvas: HTMLCanvasElement): () => Promise<Uint8Array> {
  let size = '';
  let converter: I420Converter | null = null;
  let rgba = new Uint8Array(0);
  let out = new Uint8Array(0);
  return async () => {
    const { width, height } = canvas;
    if (`${width}x${height}` !== size) {
      converter = createI420Converter(width, height, FILM_CHROMA_KERNEL);
      rgba = new Uint8Array(width * height * 4);
      out = new Uint8Array(converter.bytes);
      size = `${width}x${height}`;
    }
    const frame = new VideoFrame(canvas, { timestamp: 0 });
    try {
      await frame.copyTo(rgba, { format: 'RGBA' });
    } finally {
      frame.close();
    }
    converter!.convert(rgba, out);
    return out;
  };
}
