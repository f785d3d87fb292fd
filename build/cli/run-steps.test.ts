import { describe, expect, it } from 'vitest';
import { firstFailure, runSteps, stepTimes } from './run-steps.ts';

describe('runSteps', () => {
  it('runs every step in order, even after one fails, and keeps each one its own exit code', async () => {
    const ran: string[] = [];
    let t = 0;
    const results = await runSteps(
      [
        { label: 'films', argv: ['render'] },
        { label: 'check', argv: ['check'] },
        { label: 'clips', argv: ['clips'] },
      ],
      async (argv) => {
        ran.push(argv.join(' '));
        // A step that sets process.exitCode (as a failing command does) must not leak it into the next.
        expect(process.exitCode).toBeUndefined();
        if (argv[0] === 'check') process.exitCode = 1;
        t += 1500;
        return argv[0] === 'check' ? 1 : 0;
      },
      () => t,
    );
    expect(ran).toEqual(['render', 'check', 'clips']);
    expect(results.map((r) => r.code)).toEqual([0, 1, 0]);
    expect(process.exitCode).toBeUndefined();
    expect(firstFailure(results)).toBe(1);
    expect(stepTimes(results)).toBe('films 1.5 s, check 1.5 s (exit 1), clips 1.5 s');
  });

  it('gives the first failure, not the last or the worst', () => {
    const r = (code: number) => ({ label: 'x', code, wallS: 0 });
    expect(firstFailure([r(0), r(2), r(1)])).toBe(2);
    expect(firstFailure([r(0), r(0)])).toBe(0);
  });
});
