import { describe, expect, it } from 'vitest';
import { filmVerdict } from './film-verdict.ts';
import type { FilmProbe } from './probe-film.ts';

const good: FilmProbe = {
  codec: 'h264',
  profile: 'High',
  pixFmt: 'yuv420p',
  colorSpace: 'bt709',
  colorPrimaries: 'bt709',
  colorTransfer: 'bt709',
  colorRange: 'tv',
  width: 640,
  height: 360,
  fps: 30,
  frames: 30,
  packets: 30,
  durationS: 1,
  bytes: 1000,
  atoms: ['ftyp', 'moov', 'free', 'mdat'],
};
const want = { width: 640, height: 360, fps: 30, frames: 30 };

describe('filmVerdict', () => {
  it('passes a proof film', () => {
    expect(filmVerdict(good, want).ok).toBe(true);
  });

  it('names what is wrong', () => {
    const v = filmVerdict({ ...good, profile: 'Main', frames: 29, atoms: ['ftyp', 'mdat', 'moov'] }, want);
    expect(v.ok).toBe(false);
    expect(v.checks.filter((c) => !c.pass).map((c) => c.name)).toEqual(['profile', 'frames', 'moovBeforeMdat']);
  });
});
