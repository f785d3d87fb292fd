import { describe, expect, it } from 'vitest';
import { feedOf } from '../page/frame-feed.ts';
import { loadScenes } from '../node/io/load-scene.ts';
import { isTruthEvent } from './truth-event-shape.ts';

describe('isTruthEvent: exactly a TruthEvent, read back from untrusted storage', () => {
  it('holds for every event every shipped scene makes', () => {
    let n = 0;
    for (const scene of loadScenes([])) {
      for (const e of feedOf(scene).trace.events) {
        expect(isTruthEvent(e), JSON.stringify(e)).toBe(true);
        n++;
      }
    }
    expect(n).toBeGreaterThan(100);
  });

  it('refuses unknown kinds, missing or extra keys, wrong types, and labels that are not one hyphenated word (markup, control characters, paths)', () => {
    const cut = { kind: 'cut', startMs: 0, endMs: 1, era: '1981' };
    expect(isTruthEvent(cut)).toBe(true);
    expect(isTruthEvent({ ...cut, kind: 'toString' })).toBe(false);
    expect(isTruthEvent({ ...cut, kind: '__proto__' })).toBe(false);
    expect(isTruthEvent({ ...cut, extra: 1 })).toBe(false);
    expect(isTruthEvent({ kind: 'cut', startMs: 0, endMs: 1 })).toBe(false);
    expect(isTruthEvent({ ...cut, endMs: Number.NaN })).toBe(false);
    expect(isTruthEvent({ ...cut, endMs: '1' })).toBe(false);
    expect(isTruthEvent({ ...cut, era: '<b>1981</b>' })).toBe(false);
    expect(isTruthEvent({ ...cut, era: '\u001b[2J' })).toBe(false);
    expect(isTruthEvent({ ...cut, era: 'x'.repeat(41) })).toBe(false);
    expect(isTruthEvent({ ...cut, era: '' })).toBe(false);
    expect(isTruthEvent({ ...cut, era: '../../../etc/passwd' })).toBe(false);
    expect(isTruthEvent({ ...cut, era: 'a b' })).toBe(false);
    expect(isTruthEvent({ kind: 'brow', startMs: 0, endMs: 1, nodeOnsetsMs: [1, 2] })).toBe(true);
    expect(isTruthEvent({ kind: 'brow', startMs: 0, endMs: 1, nodeOnsetsMs: [1, '2'] })).toBe(false);
    expect(isTruthEvent([cut])).toBe(false);
    expect(isTruthEvent(null)).toBe(false);
  });
});
