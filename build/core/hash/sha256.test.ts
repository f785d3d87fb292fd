import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Sha256 } from './sha256.ts';

describe('Sha256', () => {
  it("equals node:crypto's sha256 at every length around the block and padding edges, fed whole or in pieces", () => {
    for (const n of [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000]) {
      const text = Array.from({ length: n }, (_, i) => String.fromCharCode(32 + ((i * 7) % 90))).join('');
      const want = createHash('sha256').update(text).digest('hex');
      expect(new Sha256().update(text).hex(), `length ${n}`).toBe(want);
      const pieces = new Sha256();
      for (let i = 0; i < n; i += 13) pieces.update(text.slice(i, i + 13));
      expect(pieces.hex(), `length ${n} in pieces`).toBe(want);
    }
  });
  it('hashes UTF-8 bytes (a non-ASCII character is not its UTF-16 code unit)', () => {
    expect(new Sha256().update('°–µ').hex()).toBe(createHash('sha256').update('°–µ', 'utf8').digest('hex'));
  });
});
