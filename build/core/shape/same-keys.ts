/** Whether `o` has exactly `keys` as its own keys: no key missing, none more (an untrusted file's object is refused on either). */
export function sameKeys(o: object, keys: readonly string[]): boolean {
  const own = Object.keys(o);
  return own.length === keys.length && keys.every((k) => Object.hasOwn(o, k));
}
