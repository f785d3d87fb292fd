import type { TruthEvent } from './types.ts';

type Field = 'number' | 'boolean' | 'label' | 'numbers';

/** Every TruthEvent kind and the fields it has, beside kind: nothing more, nothing less. */
const EVENT_FIELDS: Record<TruthEvent['kind'], Record<string, Field>> = {
  saccade: { startMs: 'number', endMs: 'number', amplitudeDeg: 'number', corrective: 'boolean', cause: 'label' },
  microsaccade: { startMs: 'number', endMs: 'number', amplitudeDeg: 'number', corrective: 'boolean', cause: 'label' },
  blink: { startMs: 'number', endMs: 'number', depth: 'number', partial: 'boolean', doubleSecond: 'boolean', evoked: 'boolean' },
  cut: { startMs: 'number', endMs: 'number', era: 'label' },
  sense: { startMs: 'number', endMs: 'number', sense: 'label', xR: 'number', yR: 'number' },
  feeling: { startMs: 'number', endMs: 'number', feeling: 'label', scale: 'number' },
  muscle: { startMs: 'number', endMs: 'number', au: 'label', program: 'label' },
  brow: { startMs: 'number', endMs: 'number', nodeOnsetsMs: 'numbers' },
};

/**
 * A label the model writes (a cause, an era, a muscle: `read-return-sweep`, `1981`, `AU43`): one
 * hyphenated word. Read back from a cache entry or a shard it is untrusted and later printed and
 * joined into names, so no space, dot, slash, markup, quote or control character gets through.
 */
const LABEL = /^[A-Za-z0-9-]{1,40}$/;

function fits(v: unknown, field: Field): boolean {
  switch (field) {
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'label':
      return typeof v === 'string' && LABEL.test(v);
    case 'numbers':
      return Array.isArray(v) && v.length <= 64 && v.every((x) => typeof x === 'number' && Number.isFinite(x));
  }
}

/** Whether `v` is exactly a TruthEvent: a known kind, its fields of their types, no others. */
export function isTruthEvent(v: unknown): v is TruthEvent {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const e = v as Record<string, unknown>;
  const kind = e.kind;
  if (typeof kind !== 'string' || !Object.hasOwn(EVENT_FIELDS, kind)) return false;
  const fields = EVENT_FIELDS[kind as TruthEvent['kind']];
  const keys = Object.keys(e);
  if (keys.length !== Object.keys(fields).length + 1) return false;
  return keys.every((k) => k === 'kind' || (Object.hasOwn(fields, k) && fits(e[k], fields[k])));
}
