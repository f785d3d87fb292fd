import { createReadStream } from 'node:fs';

/** A line longer than this is not a line of a text table (a binary file, a file with no line breaks). */
export const MAX_LINE_BYTES = 1 << 20;

export class LineTooLongError extends Error {
  constructor(readonly line: number) {
    super(`line ${line} is longer than ${MAX_LINE_BYTES / (1 << 20)} MiB: not a line of a CSV table`);
    this.name = 'LineTooLongError';
  }
}

/**
 * The lines of a file as a stream: memory holds one chunk and one line, whatever the file's size (a
 * whole file read as one string fails past 512 MiB). Lines split on \n (a \r before it is trimmed by
 * the reader); UTF-8 is safe to split at byte 0x0a.
 */
export async function* readLines(path: string, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<{ text: string; line: number }> {
  let rest: Buffer = Buffer.alloc(0);
  let line = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 16 }) as AsyncIterable<Buffer>) {
    let buf = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let nl = buf.indexOf(0x0a, start); nl >= 0; nl = buf.indexOf(0x0a, start)) {
      line++;
      if (nl - start > maxLineBytes) throw new LineTooLongError(line);
      yield { text: buf.toString('utf8', start, nl), line };
      start = nl + 1;
    }
    rest = buf.subarray(start);
    buf = Buffer.alloc(0);
    if (rest.length > maxLineBytes) throw new LineTooLongError(line + 1);
    rest = Buffer.from(rest); // not a view that keeps the whole chunk alive
  }
  if (rest.length > 0) yield { text: rest.toString('utf8'), line: line + 1 };
}
