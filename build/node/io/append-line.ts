import { closeSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import { environmentError } from '../../errors/environment-error.ts';

type Write = (fd: number, buffer: Buffer, offset: number, length: number) => number;

/**
 * Append one line to a file, all or nothing: it is written with one `write` on a file opened for
 * appending (O_APPEND puts it at the end in one piece), and if that fails or is short (a full disk
 * after part of it) the file is cut back to its old length, so it is as it was. A file that ends in a
 * torn line (a run killed mid-write) gets a newline first, so the fragment stays a line of its own.
 * `write` is injectable so tests can fail it part-way.
 */
export function appendLine(file: string, line: string, write: Write = writeSync): void {
  let fd: number;
  try {
    fd = openSync(file, 'a+');
  } catch (err) {
    throw environmentError(err, 'append to', file) ?? err;
  }
  try {
    const size = fstatSync(fd).size;
    const lead = size > 0 && lastByte(fd, size) !== 0x0a ? '\n' : '';
    const buf = Buffer.from(`${lead}${line.replace(/\n+$/, '')}\n`, 'utf8');
    try {
      const written = write(fd, buf, 0, buf.length);
      if (written !== buf.length) throw Object.assign(new Error(`short write (${written} of ${buf.length} bytes)`), { code: 'ENOSPC' });
    } catch (err) {
      ftruncateSync(fd, size);
      throw environmentError(err, 'append to', file) ?? err;
    }
  } finally {
    closeSync(fd);
  }
}

function lastByte(fd: number, size: number): number {
  const b = Buffer.alloc(1);
  readSync(fd, b, 0, 1, size - 1);
  return b[0];
}
