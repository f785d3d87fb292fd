import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's top folder (where package.json, scenes/ and proof/ live). */
export function projectRoot(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
}
