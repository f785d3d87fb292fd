import { createHash, type Hash } from 'node:crypto';

/**
 * Feed a value into a hash so that two values share bytes only when a pure function reading them would
 * see the same thing: each number as its shortest text, -0, NaN and ±Infinity told apart (JSON makes
 * them 0 or null); undefined apart from null; keys in their own order (a builder walking an object's
 * keys sees that order: another order is a miss, never a wrong hit); strings as JSON text (self-delimiting,
 * a lone surrogate escaped, not folded into U+FFFD). Anything else (a Map, a Date, a class instance, a
 * function) is refused: what it holds would not be seen.
 */
function addValue(h: Hash, v: unknown, path: string): void {
  if (v === null) h.update('z');
  else if (v === undefined) h.update('u');
  else if (typeof v === 'boolean') h.update(v ? 't' : 'f');
  else if (typeof v === 'number') h.update(`n${Object.is(v, -0) ? '-0' : String(v)};`);
  else if (typeof v === 'string') h.update(`s${JSON.stringify(v)}`);
  else if (Array.isArray(v) || v instanceof Float64Array || v instanceof Float32Array || v instanceof Int32Array || v instanceof Uint8Array) {
    // Typed or not, a builder indexes it the same way; the tag keeps [1] and Float64Array [1] apart anyway.
    h.update(`${Array.isArray(v) ? '[' : `T${v.constructor.name}`}${v.length};`);
    for (let i = 0; i < v.length; i++) addValue(h, v[i], path);
  } else if (typeof v === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(v))) {
    const keys = Object.keys(v);
    h.update(`{${keys.length};`);
    for (const k of keys) {
      h.update(JSON.stringify(k));
      addValue(h, (v as Record<string, unknown>)[k], `${path}.${k}`);
    }
  } else {
    throw new TypeError(`value digest: ${path} is ${typeof v === 'object' ? `a ${Object.prototype.toString.call(v)}` : `a ${typeof v}`}; expected plain data`);
  }
}

/** sha256 (hex) of `parts`, each a label and a value (addValue): the key of a pure function's result by its arguments. */
export function valueDigest(...parts: unknown[]): string {
  const h = createHash('sha256');
  addValue(h, parts, 'value');
  return h.digest('hex');
}
