import { describe, expect, it } from 'vitest';
import { jobOrder } from './job-order.ts';

describe('jobOrder', () => {
  it('takes restores first, then renders longest first, ties in the order asked', () => {
    // 1981-script (600 frames), the tour's six chunks (300 each), a restored scene, a 90-frame sample.
    const jobs = [{ restore: false, frames: 600 }, ...Array.from({ length: 6 }, () => ({ restore: false, frames: 300 })), { restore: true, frames: 600 }, { restore: false, frames: 90 }];
    expect(jobOrder(jobs)).toEqual([7, 0, 1, 2, 3, 4, 5, 6, 8]);
  });
  it('keeps the order of equal jobs and returns every index once', () => {
    const jobs = Array.from({ length: 5 }, () => ({ restore: false, frames: 600 }));
    expect(jobOrder(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(jobOrder([])).toEqual([]);
  });
});
