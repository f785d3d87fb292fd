import { describe, expect, it } from 'vitest';
import { applyI420Delta, createI420DeltaEncoder, DELTA_BAND_ROWS, DeltaError } from './i420-delta.ts';

/** A seeded byte stream (no Math.random in tests either: a failure replays). */
function bytesFrom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s >>> 24;
  };
}

function frameOf(width: number, height: number, seed: number): Uint8Array {
  const next = bytesFrom(seed);
  return Uint8Array.from({ length: (width * height * 3) / 2 }, next);
}

/** `frame` with a rectangle of luma (and the chroma under it) changed. */
function touched(frame: Uint8Array, width: number, height: number, x0: number, y0: number, w: number, h: number, seed: number): Uint8Array {
  const out = frame.slice();
  const next = bytesFrom(seed);
  const cw = width / 2;
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) out[y * width + x] ^= 1 + (next() % 255);
  const u = width * height;
  const v = u + (cw * height) / 2;
  for (let y = y0 >> 1; y < (y0 + h) >> 1; y++) for (let x = x0 >> 1; x < (x0 + w) >> 1; x++) out[(next() & 1 ? u : v) + y * cw + x] ^= 1 + (next() % 255);
  return out;
}

function replay(width: number, height: number, frames: Uint8Array[]): { rebuilt: Uint8Array[]; packetBytes: number[] } {
  const enc = createI420DeltaEncoder(width, height);
  let prev: Uint8Array | null = null;
  const rebuilt: Uint8Array[] = [];
  const packetBytes: number[] = [];
  for (const f of frames) {
    const packet = enc.encode(f).slice();
    packetBytes.push(packet.length);
    const out = new Uint8Array(f.length);
    applyI420Delta(prev, packet, width, height, out);
    rebuilt.push(out);
    prev = out;
  }
  return { rebuilt, packetBytes };
}

describe('a frame carried as what changed since the last', () => {
  for (const [width, height] of [
    [1280, 720],
    [1440, 900],
    [640, 360],
    [6, 2],
  ] as const) {
    it(`rebuilds every frame byte for byte at ${width}x${height}, sending far less than whole frames when little changes`, () => {
      const first = frameOf(width, height, 1);
      const frames = [first];
      for (let k = 1; k < 8; k++) {
        const w = Math.max(1, Math.floor(width / (5 + k)));
        const h = Math.max(1, Math.floor(height / (4 + k)));
        frames.push(touched(frames[k - 1], width, height, (k * 37) % (width - w + 1), (k * 53) % (height - h + 1), w, h, k));
      }
      frames.push(frames[frames.length - 1].slice()); // nothing changed
      frames.push(frameOf(width, height, 99)); // everything changed
      const { rebuilt, packetBytes } = replay(width, height, frames);
      rebuilt.forEach((r, k) => expect(Buffer.from(r).equals(Buffer.from(frames[k])), `frame ${k}`).toBe(true));
      const whole = first.length;
      expect(packetBytes[0]).toBeGreaterThan(whole);
      if (width >= 640) expect(Math.max(...packetBytes.slice(1, 8))).toBeLessThan(0.5 * whole);
      expect(packetBytes[8]).toBe(20);
      expect(packetBytes[9]).toBeGreaterThan(whole);
    });
  }

  it('starts whole again after a reset (a new scene in the same page)', () => {
    const enc = createI420DeltaEncoder(64, 32);
    const a = frameOf(64, 32, 5);
    enc.encode(a);
    enc.reset();
    const packet = enc.encode(a).slice();
    const out = new Uint8Array(a.length);
    applyI420Delta(null, packet, 64, 32, out);
    expect(Buffer.from(out).equals(Buffer.from(a))).toBe(true);
  });

  describe('refuses a packet that cannot make its frame (the page is untrusted)', () => {
    const W = 64;
    const H = 40; // three bands, the last of 8 rows
    const a = frameOf(W, H, 7);
    const b = touched(a, W, H, 10, 20, 12, 6, 8);
    const enc = createI420DeltaEncoder(W, H);
    const whole = enc.encode(a).slice();
    const delta = enc.encode(b).slice();
    const out = new Uint8Array(a.length);
    const edit = (p: Uint8Array, word: number, value: number) => {
      const q = p.slice();
      new DataView(q.buffer).setUint32(4 * word, value, true);
      return q;
    };
    const cases: [string, Uint8Array | null, Uint8Array, RegExp][] = [
      ['a short header', a, whole.subarray(0, 12), /shorter than its header/],
      ['another mark', a, edit(delta, 0, 0x12345678), /delta's mark/],
      ['another size', a, edit(delta, 1, 66), /is 66x40, the film 64x40/],
      ['other bands', a, edit(delta, 3, 8), /bands of 8 rows/],
      ['too many bands', a, edit(delta, 4, 4), /4 bands, at most 3/],
      ['a band off its grid', a, edit(delta, 5, DELTA_BAND_ROWS + 1), /starts at row 17/],
      ['a band past the frame', a, edit(delta, 5, 48), /starts at row 48/],
      ['an odd column', a, edit(delta, 6, 3), /even, 0 ≤ x0 < x1 ≤ 64/],
      ['columns past the frame', a, edit(delta, 7, 66), /even, 0 ≤ x0 < x1 ≤ 64/],
      ['an empty span', a, edit(delta, 7, new DataView(delta.buffer).getUint32(24, true)), /even, 0 ≤ x0 < x1 ≤ 64/],
      ['bytes missing', a, delta.subarray(0, delta.length - 1), /its bands need/],
      ['bytes too many', a, Uint8Array.from([...delta, 0]), /its bands need/],
      ['a first frame in part', null, delta, /first frame's packet is not whole/],
    ];
    for (const [what, prev, packet, message] of cases) {
      it(what, () => {
        expect(() => applyI420Delta(prev, packet, W, H, out)).toThrow(DeltaError);
        expect(() => applyI420Delta(prev, packet, W, H, out)).toThrow(message);
      });
    }
    it('bands out of order', () => {
      const two = createI420DeltaEncoder(W, H);
      two.encode(a);
      const c = touched(touched(a, W, H, 0, 0, 4, 4, 1), W, H, 0, 32, 4, 4, 2);
      const p = two.encode(c).slice();
      const dv = new DataView(p.buffer);
      expect(dv.getUint32(16, true)).toBe(2);
      const swapped = edit(edit(p, 5, 32), 8, 0);
      expect(() => applyI420Delta(a, swapped, W, H, out)).toThrow(/after the last band's/);
    });
  });
});
