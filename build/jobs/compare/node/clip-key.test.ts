import { describe, expect, it } from 'vitest';
import { clipKey } from './clip-key.ts';

const args = (dir: string) => ['-i', `${dir}/a/film.mp4`, '-i', `${dir}/label-0.png`, '-crf', '18', `/out/.clip.mp4.tmp-1`];
const files = (dir: string) => [`${dir}/a/film.mp4`, `${dir}/label-0.png`, '/out/.clip.mp4.tmp-1'];

describe('clipKey: what decides a compare clip', () => {
  it('is the same wherever the temporary files were', () => {
    expect(clipKey(args('/tmp/x1'), files('/tmp/x1'), ['d0'], [['a', 'n']])).toBe(clipKey(args('/tmp/x2'), files('/tmp/x2'), ['d0'], [['a', 'n']]));
  });

  it('changes with a panel film, a label or an argument', () => {
    const base = clipKey(args('/t'), files('/t'), ['d0'], [['a', 'n']]);
    expect(clipKey(args('/t'), files('/t'), ['d1'], [['a', 'n']])).not.toBe(base);
    expect(clipKey(args('/t'), files('/t'), ['d0'], [['a', 'm']])).not.toBe(base);
    expect(clipKey(args('/t').map((a) => (a === '18' ? '17' : a)), files('/t'), ['d0'], [['a', 'n']])).not.toBe(base);
  });
});
