import sharp from 'sharp';
import type { RgbFrame } from './decode-frames.ts';
import { drawText, type Rgb, type RgbImage } from './pixel-font.ts';
import { LINE_STEP, sheetLayout, type SheetLayout, type SheetSpec } from './sheet-layout.ts';

const BACKGROUND: Rgb = [24, 24, 24];
const LABEL: Rgb = [214, 214, 214];
const TITLE: Rgb = [255, 255, 255];

/**
 * A contact sheet (or a strip: one row) filled in as frames are decoded: each frame is shrunk to its
 * tile with sharp at once, so only the sheet itself is held, never the full-size frames.
 */
export class SheetBuilder {
  readonly layout: SheetLayout;
  private readonly img: RgbImage;
  private readonly filled: boolean[];

  constructor(spec: SheetSpec, title?: string) {
    this.layout = sheetLayout({ ...spec, title: title !== undefined });
    const { width, height } = this.layout;
    const rgb = Buffer.alloc(width * height * 3);
    for (let i = 0; i < rgb.length; i += 3) rgb.set(BACKGROUND, i);
    this.img = { width, height, rgb };
    this.filled = new Array<boolean>(spec.count).fill(false);
    const t = this.layout.title;
    if (t && title) drawText(this.img, clip(title, t.chars), t.x, t.y, this.layout.scale, TITLE);
  }

  /** Put a frame into tile `index` with its label lines (clipped to the tile's width). */
  async add(index: number, f: RgbFrame, labels: string[]): Promise<void> {
    const cell = this.layout.cells[index];
    if (!cell) throw new RangeError(`tile ${index}: the sheet has ${this.layout.cells.length}`);
    const { tileWidth, tileHeight, scale, labelChars } = this.layout;
    const tile = await sharp(f.rgb, { raw: { width: f.width, height: f.height, channels: 3 } })
      .resize(tileWidth, tileHeight, { fit: 'fill' })
      .raw()
      .toBuffer();
    for (let y = 0; y < tileHeight; y++) {
      tile.copy(this.img.rgb, ((cell.y + y) * this.img.width + cell.x) * 3, y * tileWidth * 3, (y + 1) * tileWidth * 3);
    }
    labels.forEach((line, i) => drawText(this.img, clip(line, labelChars), cell.x, cell.labelY + i * LINE_STEP, scale, LABEL));
    this.filled[index] = true;
  }

  /** The finished sheet as PNG; every tile must have been added. */
  async png(): Promise<Buffer> {
    const missing = this.filled.flatMap((ok, i) => (ok ? [] : [i]));
    if (missing.length) throw new Error(`sheet tiles never filled: ${missing.join(', ')}`);
    return sharp(this.img.rgb, { raw: { width: this.img.width, height: this.img.height, channels: 3 } }).png().toBuffer();
  }
}

function clip(text: string, chars: number): string {
  const c = [...text];
  return c.length <= chars ? text : c.slice(0, Math.max(0, chars)).join('');
}
