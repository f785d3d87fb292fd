import sharp, { type OverlayOptions } from 'sharp';
import { labelStrip } from '../../compare/node/label-strip.ts';

/**
 * A review segment's overlay as a PNG the clip's size: the three panels' headings in a strip along
 * the top, the segment's lines in a strip along the bottom (the first bold: scene and time range),
 * and transparent between them, where the panels show. Text is drawn by sharp from SVG as the
 * compare clips' label strips are (labelStrip), so the clip needs no ffmpeg drawtext.
 */
export async function reviewOverlay(o: {
  panelSize: { width: number; height: number };
  headerHeightPx: number;
  labelHeightPx: number;
  headings: readonly [string, string, string];
  lines: readonly string[];
}): Promise<Buffer> {
  const { width: w, height: h } = o.panelSize;
  const width = 3 * w;
  const height = o.headerHeightPx + h + o.labelHeightPx;
  const layers: OverlayOptions[] = [];
  if (o.headerHeightPx > 0) {
    const headings = await Promise.all(o.headings.map((t) => labelStrip([t], w, o.headerHeightPx)));
    headings.forEach((input, i) => layers.push({ input, left: i * w, top: 0 }));
  }
  if (o.labelHeightPx > 0) layers.push({ input: await labelStrip(o.lines, width, o.labelHeightPx), left: 0, top: o.headerHeightPx + h });
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(layers)
    .png()
    .toBuffer();
}
