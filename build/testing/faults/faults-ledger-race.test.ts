// Fault suite (issue 19, item 9): racing ledger writers, one failing writes part-way. On main a failed
// append cut the file back to the size it saw before writing, losing the lines others appended meanwhile.
import { execFile } from 'node:child_process';
import { appendFileSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { appendLine } from '../../node/io/append-line.ts';
import { readLedger } from '../../jobs/ledger/node/ledger.ts';
import { tempDir } from '../temp-dir.ts';

const run = promisify(execFile);
const WRITER = join(import.meta.dirname, 'ledger-writer.ts');

describe('faults: racing ledger writers', () => {
  it('four processes append 150 lines each while one fails every 10th write: no line of another is lost, none torn', async () => {
    const file = join(tempDir('eye-faults-race-'), 'ledger.jsonl');
    const writers = [
      { tag: 'a', failEvery: 10 },
      { tag: 'b', failEvery: 0 },
      { tag: 'c', failEvery: 0 },
      { tag: 'd', failEvery: 7 },
    ];
    const COUNT = 150;
    const failed = await Promise.all(
      writers.map(async (w) => JSON.parse((await run(process.execPath, ['--import', 'tsx', WRITER, file, w.tag, String(COUNT), String(w.failEvery)])).stdout) as number[]),
    );
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines.pop()).toBe(''); // ends in a newline: no torn last line
    const got = lines.map((l) => JSON.parse(l) as { tag: string; i: number }); // every line whole JSON: no fragment left
    writers.forEach((w, k) => {
      const expected = Array.from({ length: COUNT }, (_, i) => i).filter((i) => !failed[k].includes(i));
      expect(failed[k].length, w.tag).toBe(w.failEvery ? Math.floor(COUNT / w.failEvery) : 0);
      expect(got.filter((g) => g.tag === w.tag).map((g) => g.i), w.tag).toEqual(expected);
    });
  }, 60_000);

  it('a failed write whose bytes another writer (one that takes no lock) appended after is not cut back over that line', () => {
    const file = join(tempDir('eye-faults-race-'), 'ledger.jsonl');
    appendLine(file, '{"first":1}');
    const foreign = '{"time":"2026-01-01T00:00:00Z","revision":"r","dirty":false,"command":"render","argv":[],"scenes":[],"pass":true,"wallMs":7}\n';
    expect(() =>
      appendLine(file, '{"time":"2026-01-02T00:00:00Z","mine":true}', (fd, buf, off, len) => {
        const written = writeSync(fd, buf, off, Math.floor(len / 2));
        appendFileSync(file, foreign); // between this writer's partial write and its repair
        return written;
      }),
    ).toThrow(/cannot append to/);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(foreign);
    // The reader still finds the foreign run, glued to the torn fragment as it is.
    expect(readLedger(file).entries.map((e) => e.wallMs)).toEqual([7]);
  });
});
