import { describe, expect, it } from 'vitest';
import { SAMPLE_FIELDS, type EyeSample, type TruthEvent } from './types.ts';
import { TraceRecorder, joinChunks } from './trace.ts';

const sample = (i: number): EyeSample => Object.fromEntries(SAMPLE_FIELDS.map((f) => [f, f === 'tMs' ? i * 10 : i])) as unknown as EyeSample;
const blink = (startMs: number, endMs: number): TruthEvent => ({ kind: 'blink', startMs, endMs, depth: 1, partial: false, doubleSecond: false, evoked: false });

describe('TraceRecorder', () => {
  it('keeps everything by default', () => {
    const r = new TraceRecorder(4);
    for (let i = 0; i < 1000; i++) r.push(sample(i));
    expect(r.trace().columns.tMs.length).toBe(1000);
  });

  it('with keepSamples keeps a window of the newest, and drains what is in it without a gap or a repeat', () => {
    const r = new TraceRecorder(16, 100);
    const chunks = [];
    for (let i = 0; i < 1000; i++) {
      r.push(sample(i));
      if (i % 7 === 0) r.pushEvents([blink(i * 10, i * 10 + 5)]);
      if (i % 37 === 0) chunks.push(r.drainChunk());
    }
    chunks.push(r.drainChunk());
    const t = r.trace();
    const kept = Array.from(t.columns.tMs);
    expect(kept.length).toBeGreaterThanOrEqual(50);
    expect(kept.length).toBeLessThanOrEqual(100);
    // The newest samples, in order, ending with the last pushed.
    expect(kept.at(-1)).toBe(9990);
    kept.forEach((v, i) => i > 0 && expect(v - kept[i - 1]).toBe(10));
    // No event that ended before the window.
    expect(t.events.every((e) => e.endMs >= kept[0])).toBe(true);
    expect(t.events.length).toBeGreaterThan(0);
    // Drained often enough (every 37 < 50), the chunks join into the whole run.
    const joined = Array.from(joinChunks(chunks).columns.tMs);
    expect(joined.length).toBe(1000);
    joined.forEach((v, i) => expect(v).toBe(i * 10));
    expect(joinChunks(chunks).events.length).toBe(Math.ceil(1000 / 7));
  });

  it('refuses a window under two samples', () => {
    expect(() => new TraceRecorder(16, 1)).toThrow(RangeError);
  });
});
