import { describe, expect, it } from 'vitest';
import { sameKeys } from './same-keys.ts';

describe('sameKeys', () => {
  it('holds only for exactly the keys, in any order', () => {
    expect(sameKeys({ a: 1, b: 2 }, ['b', 'a'])).toBe(true);
    expect(sameKeys({ a: 1 }, ['a', 'b'])).toBe(false);
    expect(sameKeys({ a: 1, b: 2, c: 3 }, ['a', 'b'])).toBe(false);
  });
  it('does not count inherited keys', () => {
    expect(sameKeys(Object.create({ a: 1 }) as object, ['a'])).toBe(false);
  });
});
