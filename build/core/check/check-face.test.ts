import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS } from '../../measure/params.ts';
import { faceAssertions } from './check-face.ts';

describe("eye check's face (eye.md §7)", () => {
  it('every face assertion holds on the model, measured from the trace', () => {
    const all = faceAssertions(DEFAULT_PARAMS);
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(all.filter((a) => !a.pass).map((a) => `${a.scene}: ${a.name} ${a.value}`)).toEqual([]);
  }, 60_000);
});
