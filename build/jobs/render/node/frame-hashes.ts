import { createHash } from 'node:crypto';
import type { FrameImage } from '../../../node/browser/capture-frame.ts';

/** Per-frame hashes of the captured images (sha256 of the bytes Chromium returned) and their digest. */
export class FrameHashes {
  private readonly full: string[] = [];

  /** A film's hashes from its chunks' in film order: the same per-frame hashes and digest as one render of all its frames. */
  static joined(parts: readonly FrameHashes[]): FrameHashes {
    const all = new FrameHashes();
    for (const p of parts) all.full.push(...p.full);
    return all;
  }

  /** Hashes already made (a cached chunk's, as full 64-hex-digit sha256s, in frame order). */
  static of(full: readonly string[]): FrameHashes {
    const h = new FrameHashes();
    h.full.push(...full);
    return h;
  }

  /** The full sha256 of each frame, in order (what a cached chunk keeps). */
  get hashes(): readonly string[] {
    return this.full;
  }

  /** Hash the image's bytes (base64 text is decoded natively: the same bytes, the same hash, whichever way they came). */
  add(image: FrameImage): void {
    const hash = createHash('sha256');
    this.full.push((Buffer.isBuffer(image) ? hash.update(image) : hash.update(image.base64, 'base64')).digest('hex'));
  }

  /** First 16 hex digits per frame (enough to spot which frame differs), the digest over all of them. */
  summary(): { algorithm: string; perFrame: string[]; digest: string } {
    return {
      algorithm: 'sha256 of each captured frame as the encoder took it (the film\'s I420 as the page converted it, or an image as Chromium encoded it; perFrame: first 16 hex digits); digest: sha256 of the full hashes in order',
      perFrame: this.full.map((h) => h.slice(0, 16)),
      digest: createHash('sha256').update(this.full.join('\n')).digest('hex'),
    };
  }
}
