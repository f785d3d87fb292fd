import type { Stats } from 'node:fs';

/** What a path that is not a regular file is, in words, for a one-line error ("/dev/zero is a character device"). */
export function fileKind(s: Stats): string {
  if (s.isFile()) return 'a regular file';
  if (s.isDirectory()) return 'a folder';
  if (s.isCharacterDevice()) return 'a character device';
  if (s.isBlockDevice()) return 'a block device';
  if (s.isFIFO()) return 'a named pipe';
  if (s.isSocket()) return 'a socket';
  if (s.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}
