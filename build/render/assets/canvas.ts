/**
 * Offscreen canvases for the pre-rendered layers. Plain DOM canvases: the renderer runs in the page,
 * and `CanvasRenderingContext2D` is the one context type every layer draws with.
 */
export interface Layer {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
}

export function makeLayer(widthPx: number, heightPx: number): Layer {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.ceil(widthPx));
  canvas.height = Math.max(1, Math.ceil(heightPx));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('renderer: no 2D canvas context');
  return { canvas, ctx };
}

/**
 * Fill a layer pixel by pixel, once, at build time (never per frame). `shade` writes r, g, b, a
 * (0–255) into `out` for the pixel centre (x + 0.5, y + 0.5).
 */
export function paintPixels(
  layer: Layer,
  shade: (x: number, y: number, out: Float32Array) => void,
): void {
  const { width, height } = layer.canvas;
  const img = layer.ctx.createImageData(width, height);
  const d = img.data;
  const out = new Float32Array(4);
  let i = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      out[0] = 0;
      out[1] = 0;
      out[2] = 0;
      out[3] = 255;
      shade(x + 0.5, y + 0.5, out);
      d[i++] = out[0];
      d[i++] = out[1];
      d[i++] = out[2];
      d[i++] = out[3];
    }
  }
  layer.ctx.putImageData(img, 0, 0);
}
