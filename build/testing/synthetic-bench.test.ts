import { describe, expect, it } from 'vitest';
import { DEFAULT_SACCADE_METHOD } from '../measure/saccade-method.ts';
import { BENCH_METHODS, benchOne, benchRecording } from './synthetic-bench.ts';

describe('the synthetic bench (build/tools/bench-synthetic.ts prints it)', () => {
  it('scores every method on a recording with known events; the default (ek2003) beats refined on microsaccades at 500 Hz, 0.02°', () => {
    const rec = benchRecording(500, 0.02, 20_000);
    expect(rec.truth.filter((e) => e.kind === 'microsaccade').length).toBeGreaterThan(15);
    const rows = benchOne(rec);
    expect(rows.map((r) => r.label)).toEqual(BENCH_METHODS.map((m) => m.label));
    const f1 = (label: string, k: 'saccade' | 'microsaccade') => rows.find((r) => r.label === label)!.accuracy[k].f1;
    expect(BENCH_METHODS[0].method).toBe(DEFAULT_SACCADE_METHOD);
    for (const r of rows) expect(r.accuracy.saccade.f1).toBeGreaterThan(0.9);
    expect(f1('ek2003 (default)', 'microsaccade')).toBeGreaterThan(f1('refined', 'microsaccade') + 0.2);
    expect(f1('refined, all four off', 'microsaccade')).toBeCloseTo(f1('ek2003 (default)', 'microsaccade'), 2);
  });
});
