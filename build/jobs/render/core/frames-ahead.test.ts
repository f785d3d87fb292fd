import { describe, expect, it } from 'vitest';
import { framesAhead } from './frames-ahead.ts';

describe('framesAhead', () => {
  it('hands every frame out in order, with `depth` requests in flight while the consumer works on one', async () => {
    const requested: number[] = [];
    let outstanding = 0;
    let most = 0;
    const got: number[] = [];
    for await (const f of framesAhead(7, 2, async (f) => {
      requested.push(f);
      most = Math.max(most, ++outstanding);
      // Later frames finish first: order must come from the queue, not from completion.
      await new Promise((r) => setTimeout(r, (7 - f) * 2));
      return f;
    })) {
      outstanding--;
      got.push(f);
    }
    expect(got).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(requested).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // The one being consumed plus two in flight.
    expect(most).toBe(3);
  });

  it('depth 1 keeps one call pending at a time (beginFrame refuses a second)', async () => {
    let pending = 0;
    let most = 0;
    const got: number[] = [];
    for await (const f of framesAhead(5, 1, async (f) => {
      most = Math.max(most, ++pending);
      await new Promise((r) => setTimeout(r, 1));
      pending--;
      return f;
    }))
      got.push(f);
    expect(got).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(1);
  });

  it('a failed request fails in its turn, after the frames before it', async () => {
    const got: number[] = [];
    const run = async () => {
      for await (const f of framesAhead(4, 2, async (f) => {
        if (f === 2) throw new Error('page crashed');
        return f;
      }))
        got.push(f);
    };
    await expect(run()).rejects.toThrow('page crashed');
    expect(got).toEqual([0, 1]);
  });
});
