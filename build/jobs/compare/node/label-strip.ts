import sharp from 'sharp';

const escapeXml = (t: string) => t.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A panel's label strip as a PNG: its lines in light grey on black, drawn by sharp from an SVG (librsvg
 * with the system's fonts), so the clip needs no ffmpeg drawtext (Debian's ffmpeg may lack a font for
 * it). Grey on black: the strip's colours survive any RGB → YUV matrix unchanged.
 */
export async function labelStrip(lines: readonly string[], widthPx: number, heightPx: number): Promise<Buffer> {
  const lineH = heightPx / Math.max(1, lines.length);
  const first = Math.round(lineH * 0.62);
  const rest = Math.round(lineH * 0.5);
  // The numbers line shrinks to the width: ~0.55 em per character in DejaVu Sans.
  const fit = (text: string, size: number) => Math.max(6, Math.min(size, Math.floor(((widthPx - 12) / Math.max(1, text.length)) / 0.55)));
  const texts = lines
    .map((t, i) => {
      const size = fit(t, i === 0 ? first : rest);
      const y = Math.round(lineH * i + lineH / 2 + size * 0.36);
      return `<text x="6" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="${i === 0 ? 'bold' : 'normal'}" fill="#e6e6e6">${escapeXml(t)}</text>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${widthPx}" height="${heightPx}"><rect width="100%" height="100%" fill="#000"/>${texts}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#000' }).png().toBuffer();
}
