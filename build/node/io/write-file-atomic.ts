import { writeFilesTogether } from './write-files-together.ts';

/** Write a file whole or not at all: to a temporary name beside it, then renamed over it. */
export function writeFileAtomic(file: string, data: Buffer | string): void {
  writeFilesTogether([{ path: file, text: data }]);
}
