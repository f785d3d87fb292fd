import { describe, expect, it } from 'vitest';
import { defaultJobs, MEMORY_PER_RENDER_JOB_BYTES as GB } from './default-jobs.ts';

describe('defaultJobs', () => {
  it('is one job per core when memory allows', () => {
    expect(defaultJobs(2, 8 * GB)).toBe(2);
    expect(defaultJobs(4, 8 * GB)).toBe(4);
  });
  it('is held back by memory, but never below 1', () => {
    expect(defaultJobs(8, 3.5 * GB)).toBe(3);
    expect(defaultJobs(4, 0.2 * GB)).toBe(1);
  });
  it('is at most 8 (the --jobs range)', () => {
    expect(defaultJobs(64, 256 * GB)).toBe(8);
  });
});
