import { createHash } from 'node:crypto';

/** Per-frame hashes of the captured images (sha256 of the bytes Chromium returned) and their digest. */
export class FrameHashes {
  private readonly full: string[] = [];

  add(image: Buffer): void {
    this.full.push(createHash('sha256').update(image).digest('hex'));
  }

  /** First 16 hex digits per frame (enough to spot which frame differs), the digest over all of them. */
  summary(): { algorithm: string; perFrame: string[]; digest: string } {
    return {
      algorithm: 'sha256 of each captured image as Chromium encoded it (perFrame: first 16 hex digits); digest: sha256 of the full hashes in order',
      perFrame: this.full.map((h) => h.slice(0, 16)),
      digest: createHash('sha256').update(this.full.join('\n')).digest('hex'),
    };
  }
}
