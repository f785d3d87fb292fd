/**
 * A frame's I420 as what changed since the frame before it. Carrying a 1280×720 frame from the page
 * to Node costs ~20 CPU-ms a MB on this machine however it goes (a Blob POST, a bytes POST, a
 * WebSocket: docs/speed-capture.md, *Only what changed*), and between two frames of the eye most of
 * the picture holds still: the skin, the brow and the grain do not move while the eye fixates. So the
 * page sends, for each band of BAND_ROWS rows, the columns between the first and the last that
 * changed (luma and both chroma planes), and Node rebuilds the whole frame from the one before it.
 * The frame ffmpeg gets is the same bytes: only the carrying changes.
 *
 * A packet (little-endian u32s): MAGIC, width, height, band rows, the band count n; then n bands of
 * (y0, x0, x1): the band's first luma row (a multiple of the band rows, increasing), its first column
 * and its end (both even, x0 < x1 ≤ width); then each band's bytes in turn: its luma rows' columns
 * x0…x1, then its Cb rows' x0/2…x1/2, then its Cr rows'. A frame with nothing before it (the first
 * after a load) is sent whole: every band at full width. The packet comes from the page, so Node
 * reads it as untrusted (applyI420Delta): every field is checked against the frame it must make.
 * Platform-free: the page encodes, Node applies.
 */
export const DELTA_MAGIC = 0x31445945; // "EYD1"
/** Rows to a band: at 16, 0.21–0.26 of a 720p frame's bytes travel (2026-script, 1970-script: band
 * spans over 150 frames); at a whole row's width per band, 0.56–0.64. */
export const DELTA_BAND_ROWS = 16;
const HEADER_WORDS = 5;
const BAND_WORDS = 3;

/** Makes each frame's packet against the frame before it (kept here), in the order frames are given. */
export interface I420DeltaEncoder {
  /** The frame size it encodes. */
  readonly width: number;
  readonly height: number;
  /** The packet for `frame` (I420, width·height·3/2 bytes): a view of a buffer the next call reuses. */
  encode(frame: Uint8Array): Uint8Array;
  /** Forget the last frame: the next packet is whole (a new scene was loaded). */
  reset(): void;
}

export function createI420DeltaEncoder(width: number, height: number): I420DeltaEncoder {
  const l = layout(width, height);
  const prev = new Uint8Array(l.bytes);
  let hasPrev = false;
  const packet = new Uint8Array(4 * (HEADER_WORDS + BAND_WORDS * l.bands) + l.bytes);
  const words = new DataView(packet.buffer);
  const span = { x0: 0, x1: 0 };
  return {
    width,
    height,
    reset() {
      hasPrev = false;
    },
    encode(frame) {
      if (frame.length !== l.bytes) throw new RangeError(`I420 delta of ${width}x${height}: expected ${l.bytes} bytes, got ${frame.length}`);
      const spans: number[] = [];
      for (let y0 = 0; y0 < height; y0 += DELTA_BAND_ROWS) {
        // Plain assignments: a destructured pair allocated an array a band, ~40 a frame.
        span.x0 = hasPrev ? width : 0;
        span.x1 = hasPrev ? 0 : width;
        if (hasPrev) {
          // The band's rows, luma and chroma, at full width: where each differs from the frame before.
          forEachBandRow(l, y0, 0, width, (at, n, scale) => widen(frame, prev, at, n, scale, span));
        }
        if (span.x0 < span.x1) spans.push(y0, span.x0 & ~1, Math.min(width, (span.x1 + 1) & ~1));
      }
      const n = spans.length / BAND_WORDS;
      [DELTA_MAGIC, width, height, DELTA_BAND_ROWS, n, ...spans].forEach((w, i) => words.setUint32(4 * i, w, true));
      let to = 4 * (HEADER_WORDS + spans.length);
      for (let k = 0; k < spans.length; k += BAND_WORDS) {
        forEachBandRow(l, spans[k], spans[k + 1], spans[k + 2], (at, len) => {
          packet.set(frame.subarray(at, at + len), to);
          to += len;
        });
      }
      prev.set(frame);
      hasPrev = true;
      return packet.subarray(0, to);
    },
  };
}

/** A packet that cannot make the frame it claims to (from a page that is broken or hostile). */
export class DeltaError extends Error {}

/**
 * The frame `packet` makes from `prev` (the frame before it, or null for the first), written into
 * `out` (width·height·3/2 bytes, not `prev`). Every field is checked before a byte is copied: the
 * packet's size, band rows and length, each band in range and in order, and a first frame whole.
 */
export function applyI420Delta(prev: Uint8Array | null, packet: Uint8Array, width: number, height: number, out: Uint8Array): void {
  const l = layout(width, height);
  const { bytes, bands } = l;
  if (out.length !== bytes || (prev && prev.length !== bytes)) throw new RangeError(`I420 delta of ${width}x${height}: buffers of ${bytes} bytes expected`);
  if (packet.length < 4 * HEADER_WORDS) throw new DeltaError(`a frame's packet of ${packet.length} bytes is shorter than its header (${4 * HEADER_WORDS})`);
  const words = new DataView(packet.buffer, packet.byteOffset, packet.byteLength);
  const word = (i: number) => words.getUint32(4 * i, true);
  const [magic, w, h, rows, n] = [word(0), word(1), word(2), word(3), word(4)];
  if (magic !== DELTA_MAGIC) throw new DeltaError(`a frame's packet does not start with the delta's mark (0x${magic.toString(16)})`);
  if (w !== width || h !== height) throw new DeltaError(`a frame's packet is ${w}x${h}, the film ${width}x${height}`);
  if (rows !== DELTA_BAND_ROWS) throw new DeltaError(`a frame's packet has bands of ${rows} rows, expected ${DELTA_BAND_ROWS}`);
  if (n > bands) throw new DeltaError(`a frame's packet has ${n} bands, at most ${bands} for ${height} rows`);
  if (packet.length < 4 * (HEADER_WORDS + BAND_WORDS * n)) throw new DeltaError(`a frame's packet of ${packet.length} bytes is shorter than its ${n} bands' table`);
  let need = 4 * (HEADER_WORDS + BAND_WORDS * n);
  let covered = 0;
  let lastY = -1;
  for (let k = 0; k < n; k++) {
    const [y0, x0, x1] = [word(HEADER_WORDS + BAND_WORDS * k), word(HEADER_WORDS + BAND_WORDS * k + 1), word(HEADER_WORDS + BAND_WORDS * k + 2)];
    if (y0 % DELTA_BAND_ROWS !== 0 || y0 >= height || y0 <= lastY) throw new DeltaError(`band ${k} starts at row ${y0}: a multiple of ${DELTA_BAND_ROWS} under ${height}, after the last band's, expected`);
    if (x0 % 2 !== 0 || x1 % 2 !== 0 || x0 >= x1 || x1 > width) throw new DeltaError(`band ${k} spans columns ${x0}…${x1}: even, 0 ≤ x0 < x1 ≤ ${width}, expected`);
    lastY = y0;
    forEachBandRow(l, y0, x0, x1, (_, len) => (need += len));
    if (x0 === 0 && x1 === width) covered++;
  }
  if (packet.length !== need) throw new DeltaError(`a frame's packet is ${packet.length} bytes, its bands need ${need}`);
  if (!prev && covered !== bands) throw new DeltaError(`the first frame's packet is not whole (${covered} of ${bands} bands at full width)`);
  if (prev) out.set(prev);
  let from = 4 * (HEADER_WORDS + BAND_WORDS * n);
  for (let k = 0; k < n; k++) {
    forEachBandRow(l, word(HEADER_WORDS + BAND_WORDS * k), word(HEADER_WORDS + BAND_WORDS * k + 1), word(HEADER_WORDS + BAND_WORDS * k + 2), (at, len) => {
      out.set(packet.subarray(from, from + len), at);
      from += len;
    });
  }
}

interface Layout {
  width: number;
  height: number;
  /** The frame's size in bytes, its chroma width and its band count. */
  bytes: number;
  cw: number;
  bands: number;
}

function layout(width: number, height: number): Layout {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width >= 2 && height >= 2 && width % 2 === 0 && height % 2 === 0)) {
    throw new RangeError(`I420 delta of ${width}x${height}: expected even integers ≥ 2`);
  }
  return { width, height, bytes: (width * height * 3) / 2, cw: width >> 1, bands: Math.ceil(height / DELTA_BAND_ROWS) };
}

/**
 * The one home of a band's place in a packet: its rows in the order they travel (luma rows y0… of
 * columns x0…x1, then the Cb rows' x0/2…x1/2, then the Cr rows'), each as its offset in the frame, its
 * length and its columns' scale in luma columns (2 for a chroma row: its sample c covers 2c and 2c + 1).
 * x0 and x1 even.
 */
function forEachBandRow(l: Layout, y0: number, x0: number, x1: number, visit: (at: number, length: number, scale: number) => void): void {
  const y1 = Math.min(l.height, y0 + DELTA_BAND_ROWS);
  for (let y = y0; y < y1; y++) visit(y * l.width + x0, x1 - x0, 1);
  const u = l.width * l.height;
  for (const plane of [u, u + l.cw * (l.height >> 1)]) {
    for (let y = y0 >> 1; y < y1 >> 1; y++) visit(plane + y * l.cw + (x0 >> 1), (x1 - x0) >> 1, 2);
  }
}

/**
 * `span` widened to take in the luma columns where row `a` differs from `b` (`n` samples from `at`,
 * each covering `scale` luma columns).
 */
function widen(a: Uint8Array, b: Uint8Array, at: number, n: number, scale: number, span: { x0: number; x1: number }): void {
  let i = 0;
  while (i < n && a[at + i] === b[at + i]) i++;
  if (i === n) return;
  let j = n - 1;
  while (j > i && a[at + j] === b[at + j]) j--;
  span.x0 = Math.min(span.x0, i * scale);
  span.x1 = Math.max(span.x1, (j + 1) * scale);
}
