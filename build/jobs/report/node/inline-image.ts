import { readFileSync } from 'node:fs';
import sharp from 'sharp';

/**
 * Stills are inlined as WebP, at about the width the page shows them (a still at most 340 CSS px, with
 * room for a denser screen; a sheet or blink strip the page's width): the PNGs in stills/ are lossless
 * and ~30× larger, and WebP is half of JPEG's bytes at the same look (a contact sheet: 74 kB as JPEG at
 * quality 80, 29 kB as WebP at 60).
 */
export const STILL_WIDTH_PX = 480;
export const SHEET_WIDTH_PX = 1060;
const WEBP = { quality: 60, effort: 6 } as const;

/** An image's bytes as an inline WebP data: URI, at most `widthPx` wide (sharp's encode: most of a report's build). */
export async function imageDataUri(bytes: Buffer, widthPx: number): Promise<string> {
  const webp = await sharp(bytes).resize({ width: widthPx, withoutEnlargement: true }).webp(WEBP).toBuffer();
  return `data:image/webp;base64,${webp.toString('base64')}`;
}

/** What an inlined image is, checked before a cached one is put on the page. */
export const IMAGE_DATA_URI = /^data:image\/webp;base64,[A-Za-z0-9+/]*={0,2}$/;

/** Inlines an image file at most `widthPx` wide: imageDataUri, or a cache of it (report-parts.ts). */
export type ImageInliner = (file: string, widthPx: number) => Promise<string>;

/** The inliner without a cache: the file read and encoded every time. */
export const inlineImageFile: ImageInliner = (file, widthPx) => imageDataUri(readFileSync(file), widthPx);
