import { describe, expect, it } from 'vitest';
import { fidelityArgs, parseFidelity } from './fidelity.ts';

const STDERR = `[Parsed_ssim_4 @ 0x55b6485da480] SSIM Y:0.937816 (12.063187) U:0.977422 (16.463155) V:0.987944 (19.187959) All:0.952771 (13.257951)
[Parsed_psnr_3 @ 0x55b6485d9c00] PSNR y:30.253816 u:32.578394 v:30.604543 average:30.625438 min:30.513399 max:30.808005`;

describe('fidelity', () => {
  it('compares the film with the raw yuv420p reference of the same size, psnr and ssim on the same frames', () => {
    const a = fidelityArgs('film.mp4', 'ref.yuv', 1280, 720, 30);
    expect(a.slice(a.indexOf('-i') - 0, a.indexOf('-i') + 2)).toEqual(['-i', 'film.mp4']);
    expect(a[a.indexOf('-s') + 1]).toBe('1280x720');
    expect(a[a.indexOf('-pix_fmt') + 1]).toBe('yuv420p');
    // Frame n against frame n: the raw frames at the film's rate, both retimed to their index.
    expect(a[a.indexOf('-framerate') + 1]).toBe('30');
    expect(a[a.indexOf('-lavfi') + 1].match(/setpts=N\/FRAME_RATE\/TB/g)).toHaveLength(2);
    expect(a[a.indexOf('-lavfi') + 1]).toMatch(/psnr.*ssim/);
    expect(a.slice(-3)).toEqual(['-f', 'null', '-']);
    expect(() => fidelityArgs('a', 'b', 0, 720, 30)).toThrow(RangeError);
    expect(() => fidelityArgs('a', 'b', 64, 64, 0)).toThrow(RangeError);
  });

  it("reads ffmpeg's summary lines, and refuses output without them", () => {
    expect(parseFidelity(STDERR)).toEqual({ psnrY: 30.253816, psnrAll: 30.625438, ssimY: 0.937816, ssimAll: 0.952771 });
    expect(parseFidelity(STDERR.replace(/y:30.253816/, 'y:inf')).psnrY).toBe(Infinity);
    expect(() => parseFidelity('Conversion failed!')).toThrow(/no PSNR/);
  });
});
