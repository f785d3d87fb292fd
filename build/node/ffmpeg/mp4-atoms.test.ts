import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { topLevelAtoms } from './mp4-atoms.ts';

const dir = mkdtempSync(join(tmpdir(), 'eye-atoms-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function box(type: string, payload: number): Buffer {
  const b = Buffer.alloc(8 + payload);
  b.writeUInt32BE(8 + payload, 0);
  b.write(type, 4, 'latin1');
  return b;
}

describe('topLevelAtoms', () => {
  it('lists the top-level boxes in file order', () => {
    const file = join(dir, 'a.mp4');
    writeFileSync(file, Buffer.concat([box('ftyp', 16), box('moov', 40), box('free', 0), box('mdat', 100)]));
    expect(topLevelAtoms(file).map((a) => a.type)).toEqual(['ftyp', 'moov', 'free', 'mdat']);
  });

  it('reads 64-bit sizes and marks a truncated box', () => {
    const big = Buffer.alloc(16 + 4);
    big.writeUInt32BE(1, 0);
    big.write('mdat', 4, 'latin1');
    big.writeBigUInt64BE(20n, 8);
    const file = join(dir, 'b.mp4');
    writeFileSync(file, Buffer.concat([box('ftyp', 8), big, box('moov', 50).subarray(0, 20)]));
    expect(topLevelAtoms(file).map((a) => a.type)).toEqual(['ftyp', 'mdat', '!bad']);
  });
});
