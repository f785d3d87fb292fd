import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../errors/exit.ts';
import { parsePsnrStats, parseSsimStats } from './difference-stats.ts';

const SSIM = `n:1 Y:0.998089 U:0.999336 V:0.999636 All:0.998555 (28.400573)
n:2 Y:1.000000 U:1.000000 V:1.000000 All:1.000000 (inf)
n:3 Y:0.875281 U:0.840906 V:0.867719 All:0.868291 (8.803861)
`;
const PSNR = `n:1 mse_avg:2.81 mse_y:2.69 mse_u:2.60 mse_v:3.51 psnr_avg:43.65 psnr_y:43.84 psnr_u:43.99 psnr_v:42.68 
n:2 mse_avg:0.00 mse_y:0.00 mse_u:0.00 mse_v:0.00 psnr_avg:inf psnr_y:inf psnr_u:inf psnr_v:inf 
n:3 mse_avg:945.15 mse_y:647.04 mse_u:587.01 mse_v:2495.75 psnr_avg:18.38 psnr_y:20.02 psnr_u:20.44 psnr_v:14.16 
`;

const thrown = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err as Error & { exitCode?: number };
  }
  throw new Error('expected a throw');
};

describe('parseSsimStats', () => {
  it('reads each frame\'s All, identical frames as 1', () => {
    expect(parseSsimStats(SSIM)).toEqual([0.998555, 1, 0.868291]);
    expect(parseSsimStats('')).toEqual([]);
    expect(parseSsimStats(SSIM.replace(/\n/g, '\r\n'))).toEqual([0.998555, 1, 0.868291]);
  });

  it('refuses frames out of order, missing, repeated or malformed, as an internal error naming the line', () => {
    const e = thrown(() => parseSsimStats(SSIM.replace('n:2', 'n:4')));
    expect(e.exitCode).toBe(EXIT.internal);
    expect(e.message).toMatch(/SSIM stats, line 2: frame n:4 where n:2 was next/);
    expect(() => parseSsimStats(SSIM.replace('n:3', 'n:2'))).toThrow('n:2 where n:3');
    expect(() => parseSsimStats(SSIM.replace('All:0.868291', ''))).toThrow('line 3: no All:');
    expect(() => parseSsimStats(SSIM.replace('All:0.868291', 'All:1.5'))).toThrow('All:1.5 is not a number from -1 to 1');
    expect(() => parseSsimStats(SSIM.replace('All:0.868291', 'All:nan'))).toThrow('All:nan');
    expect(() => parseSsimStats(SSIM.replace('All:0.868291', 'All:0x1'))).toThrow('All:0x1');
    expect(() => parseSsimStats('garbage\n')).toThrow('"garbage" is not key:value');
    expect(() => parseSsimStats('Y:1 All:1\n')).toThrow('no frame number');
    expect(() => parseSsimStats('n:1 All:1 All:0.5\n')).toThrow('All twice');
  });

  it('escapes what it quotes from the file', () => {
    const e = thrown(() => parseSsimStats('n:1 All:\u001b[31m\n'));
    expect(e.message).not.toContain('\u001b');
    expect(e.message).toContain('\\u001b');
  });
});

describe('parsePsnrStats', () => {
  it('reads each frame\'s psnr_avg in dB, identical frames (inf) as Infinity', () => {
    expect(parsePsnrStats(PSNR)).toEqual([43.65, Infinity, 18.38]);
  });

  it('refuses inf with an error, negative or non-numeric values, and gaps', () => {
    expect(() => parsePsnrStats(PSNR.replace('mse_avg:0.00', 'mse_avg:3.00'))).toThrow('psnr_avg:inf with mse_avg:3.00');
    expect(() => parsePsnrStats(PSNR.replace('psnr_avg:18.38', 'psnr_avg:-2'))).toThrow('psnr_avg:-2');
    expect(() => parsePsnrStats(PSNR.replace('psnr_avg:18.38', 'psnr_avg:Infinity'))).toThrow('psnr_avg:Infinity');
    expect(() => parsePsnrStats(PSNR.replace('psnr_avg:18.38 ', ''))).toThrow('line 3: no psnr_avg:');
    expect(() => parsePsnrStats(PSNR.replace('n:2 ', 'n:5 '))).toThrow('n:5 where n:2');
  });
});
