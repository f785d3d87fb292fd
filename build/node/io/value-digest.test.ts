import { describe, expect, it } from 'vitest';
import { valueDigest } from './value-digest.ts';

describe('valueDigest', () => {
  it('is the same for the same value, however it was built', () => {
    expect(valueDigest({ a: [1, 'x', null], b: { c: true } })).toBe(valueDigest(JSON.parse('{"a":[1,"x",null],"b":{"c":true}}')));
  });

  it('tells apart what JSON folds together', () => {
    const pairs: [unknown, unknown][] = [
      [0, -0],
      [Number.NaN, null],
      [Number.POSITIVE_INFINITY, null],
      [undefined, null],
      [{ a: undefined }, {}],
      [[undefined], [null]],
      ['\ud800', '\ufffd'],
      [1, '1'],
      [[1, 2], Float64Array.from([1, 2])],
      [{ a: 1, b: 2 }, { b: 2, a: 1 }],
      [['ab', 'c'], ['a', 'bc']],
      [[[1], 2], [1, [2]]],
    ];
    for (const [a, b] of pairs) expect(valueDigest(a), `${String(a)} against ${String(b)}`).not.toBe(valueDigest(b));
  });

  it('refuses what it cannot see into', () => {
    expect(() => valueDigest({ m: new Map([[1, 2]]) })).toThrow(/value\.m is a \[object Map\]/);
    expect(() => valueDigest([() => 1])).toThrow(/function/);
    expect(() => valueDigest(new Date(0))).toThrow(/Date/);
  });
});
