import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** sha256 of a file's bytes, hex: what a kept clip or report must still be. */
export function fileSha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}
