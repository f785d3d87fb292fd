const UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12,
  k: 1e3, m: 1e6, g: 1e9, t: 1e12,
  kib: 2 ** 10, mib: 2 ** 20, gib: 2 ** 30, tib: 2 ** 40,
};

/** "2GB", "500 MB", "1.5GiB", "123456" (bytes) → bytes; RangeError naming the accepted forms. */
export function parseByteSize(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = m ? (m[2] || 'b').toLowerCase() : '';
  if (!m || !(unit in UNITS)) {
    throw new RangeError(`expected a size like 2GB, 500MB or 1.5GiB (units B, KB, MB, GB, TB in powers of 1000; KiB, MiB, GiB, TiB in powers of 1024), got "${text}"`);
  }
  return Math.round(Number(m[1]) * UNITS[unit]);
}

/** Bytes for people, in powers of 1000 like the sizes parseByteSize accepts. */
export function formatBytes(bytes: number): string {
  if (bytes < 1e3) return `${bytes} B`;
  const [div, unit] = bytes < 1e6 ? [1e3, 'kB'] : bytes < 1e9 ? [1e6, 'MB'] : [1e9, 'GB'];
  return `${(bytes / div).toFixed(1)} ${unit}`;
}
