import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * The top-level boxes of an MP4 file, in order (type and size), read from their 8- or 16-byte headers
 * without loading the file. A truncated or garbled header ends the list with `!bad`.
 */
export function topLevelAtoms(file: string): { type: string; size: number }[] {
  const fd = openSync(file, 'r');
  try {
    const total = fstatSync(fd).size;
    const out: { type: string; size: number }[] = [];
    const head = Buffer.alloc(16);
    let at = 0;
    while (at + 8 <= total && out.length < 1000) {
      readSync(fd, head, 0, 16, at);
      let size = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      if (size === 1) size = Number(head.readBigUInt64BE(8));
      else if (size === 0) size = total - at;
      if (size < 8 || at + size > total) {
        out.push({ type: '!bad', size: total - at });
        break;
      }
      out.push({ type, size });
      at += size;
    }
    return out;
  } finally {
    closeSync(fd);
  }
}
