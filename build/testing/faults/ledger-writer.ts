// A ledger writer for faults-ledger-race.test.ts, run as its own process: appends `count` lines tagged
// `tag` through appendLine; with `failEvery` N, every Nth write is failed part-way (half the line
// written, a pause for the others to append meanwhile, then a short count, as a disk filling up does).
// Prints the numbers of the lines whose append failed, as JSON.
import { writeSync } from 'node:fs';
import { appendLine } from '../../node/io/append-line.ts';

const [file, tag, countText, failEveryText] = process.argv.slice(2);
const count = Number(countText);
const failEvery = Number(failEveryText);
const failed: number[] = [];
for (let i = 0; i < count; i++) {
  const fail = failEvery > 0 && i % failEvery === failEvery - 1;
  const write = fail
    ? (fd: number, buf: Buffer, off: number, len: number): number => {
        const half = writeSync(fd, buf, off, Math.floor(len / 2));
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 15);
        return half;
      }
    : writeSync;
  try {
    appendLine(file, JSON.stringify({ tag, i, pad: 'x'.repeat(200) }), write);
  } catch {
    failed.push(i);
  }
}
process.stdout.write(JSON.stringify(failed));
