/**
 * CPU ms per frame of each stage `eye bench` times for one tree, each stage doing one more step of a
 * frame's work than the one before it (so a part is the difference of two stages). The page's
 * stages run in the page; the ffmpeg stages are fed the images the capture stage took.
 */
export interface StageCpu {
  /** goToFrame in the page, the colour pass only (one pixel read after each frame makes Chromium raster it). */
  draw: number;
  /** The same with the mask pass drawn and measured, as the render does. */
  drawMask: number;
  /** The same, then the capture format's encode in the page (its text's length only comes back). */
  encode: number;
  /** The same, each image carried to Node over CDP as the render takes it (frames in flight as the render keeps them). */
  capture: number;
  /** ffmpeg decoding those images into its null muxer. */
  decode: number;
  /** ffmpeg decoding and colour-converting them (the film's -vf). */
  convert: number;
  /** ffmpeg making the film from them (decode, conversion, x264, mp4). */
  film: number;
  /** The whole render of the same frames (renderScene), first frame to the film's last byte. */
  pipeline: number;
}

export type CpuPartName = 'colour drawing' | 'mask drawing and measuring' | 'in-page image encode' | 'image transfer to Node (POST, or base64 over CDP)' | 'ffmpeg decode' | 'ffmpeg colour conversion' | 'x264 and mp4' | 'the rest (hashing, trace and pixel reads, overlap)';

export interface CpuPart {
  name: CpuPartName;
  cpuMs: number;
}

const r1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Where a frame's CPU goes: each part the difference of the stage that adds it and the stage before
 * (the ffmpeg parts from zero), and the rest what the pipeline spent beyond them all (it overlaps
 * the parts and adds Node's own work). A part can come out slightly negative on a noisy machine: it
 * is printed as measured, not clamped, so noise shows as noise.
 */
export function cpuParts(s: StageCpu): { parts: CpuPart[]; beyondColour: number } {
  const parts: CpuPart[] = [
    { name: 'colour drawing', cpuMs: s.draw },
    { name: 'mask drawing and measuring', cpuMs: s.drawMask - s.draw },
    { name: 'in-page image encode', cpuMs: s.encode - s.drawMask },
    { name: 'image transfer to Node (POST, or base64 over CDP)', cpuMs: s.capture - s.encode },
    { name: 'ffmpeg decode', cpuMs: s.decode },
    { name: 'ffmpeg colour conversion', cpuMs: s.convert - s.decode },
    { name: 'x264 and mp4', cpuMs: s.film - s.convert },
  ];
  const named = s.capture + s.film;
  parts.push({ name: 'the rest (hashing, trace and pixel reads, overlap)', cpuMs: s.pipeline - named });
  return { parts: parts.map((p) => ({ ...p, cpuMs: r1(p.cpuMs) })), beyondColour: r1(s.pipeline - s.draw) };
}
