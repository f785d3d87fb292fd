import { createHash } from 'node:crypto';

/**
 * JSON with every object's keys sorted, so a key never depends on the order fields were built in.
 * Non-finite numbers and undefined are refused: JSON would silently turn them into null or drop them,
 * and two different inputs would share a key.
 */
function canonical(v: unknown, path: string): string {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new TypeError(`cache key: ${path} is ${v}; expected a finite number`);
    return JSON.stringify(v);
  }
  if (Array.isArray(v)) return `[${v.map((x, i) => canonical(x, `${path}[${i}]`)).join(',')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(o[k], `${path}.${k}`)}`).join(',')}}`;
  }
  throw new TypeError(`cache key: ${path} is a ${typeof v}; expected JSON data`);
}

/** Length of a key in hex digits (128 bits: collisions are not a practical concern). */
export const KEY_HEX_DIGITS = 32;

/** The content address of `what`: sha256 of its canonical JSON, as KEY_HEX_DIGITS hex digits. */
export function cacheKey(what: unknown): string {
  return createHash('sha256').update(canonical(what, 'key')).digest('hex').slice(0, KEY_HEX_DIGITS);
}
