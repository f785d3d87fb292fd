import { describe, expect, it } from 'vitest';
import { reviewClips, scriptEras } from './review-clips.ts';

describe('reviewClips', () => {
  const names = ['1970-script', '1970-script-none', '1970-script-generic', '1970-rest', '1981-script', '1981-rest', '2026-script', '2026-visitor', 'tour'];

  it('gives each era script its none / generic / tuned clip (own files when both exist, else presets), then the eras tiled', () => {
    expect(reviewClips(names)).toEqual([
      { file: '1970-none-generic-tuned.mp4', scenes: ['1970-script-none', '1970-script-generic', '1970-script'], tiled: false },
      { file: '1981-none-generic-tuned.mp4', scenes: ['1981-script'], presets: ['none', 'generic', 'tuned'], tiled: false },
      { file: '2026-none-generic-tuned.mp4', scenes: ['2026-script'], presets: ['none', 'generic', 'tuned'], tiled: false },
      { file: 'eras-tuned.mp4', scenes: ['1970-script', '1981-script', '2026-script'], tiled: true },
    ]);
  });

  it('uses presets when only one of the none / generic files exists', () => {
    expect(reviewClips(['1970-script', '1970-script-none'])[0]).toEqual({ file: '1970-none-generic-tuned.mp4', scenes: ['1970-script'], presets: ['none', 'generic', 'tuned'], tiled: false });
  });

  it('lists the eras that have a script scene, once each', () => {
    expect(scriptEras(names)).toEqual(['1970', '1981', '2026']);
  });

  it('keeps only the eras asked for; one era has no tile', () => {
    expect(reviewClips(names, ['1981', '2026']).map((c) => c.file)).toEqual(['1981-none-generic-tuned.mp4', '2026-none-generic-tuned.mp4', 'eras-tuned.mp4']);
    expect(reviewClips(names, ['1981']).map((c) => c.file)).toEqual(['1981-none-generic-tuned.mp4']);
  });
});
