import type { FilmProbe } from './probe-film.ts';

export interface FilmCheck {
  name: string;
  expected: string | number;
  got: string | number;
  pass: boolean;
}

export interface FilmVerdict {
  ok: boolean;
  checks: FilmCheck[];
}

/**
 * Is the film what a proof film must be? H.264 High, yuv420p, BT.709 tags, the asked size and rate,
 * frame count = duration × fps (both in the header and counted), moov before mdat (+faststart).
 */
export function filmVerdict(p: FilmProbe, want: { width: number; height: number; fps: number; frames: number }): FilmVerdict {
  const moov = p.atoms.indexOf('moov');
  const mdat = p.atoms.indexOf('mdat');
  const check = (name: string, expected: string | number, got: string | number): FilmCheck => ({ name, expected, got, pass: expected === got });
  const checks = [
    check('codec', 'h264', p.codec),
    check('profile', 'High', p.profile),
    check('pixFmt', 'yuv420p', p.pixFmt),
    check('colorSpace', 'bt709', p.colorSpace),
    check('colorPrimaries', 'bt709', p.colorPrimaries),
    check('colorTransfer', 'bt709', p.colorTransfer),
    check('size', `${want.width}x${want.height}`, `${p.width}x${p.height}`),
    check('fps', want.fps, p.fps),
    check('frames', want.frames, p.frames),
    check('packets', want.frames, p.packets),
    check('moovBeforeMdat', 'moov before mdat', moov >= 0 && mdat >= 0 && moov < mdat ? 'moov before mdat' : `boxes: ${p.atoms.join(' ')}`),
  ];
  return { ok: checks.every((c) => c.pass), checks };
}
