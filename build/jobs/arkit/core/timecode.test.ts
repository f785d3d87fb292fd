import { describe, expect, it } from 'vitest';
import { liveLinkTimecode } from './timecode.ts';

describe('liveLinkTimecode', () => {
  it('counts HH:MM:SS:FF from frame 0 at the export rate, sub-frame .000', () => {
    expect(liveLinkTimecode(0, 30)).toBe('00:00:00:00.000');
    expect(liveLinkTimecode(29, 30)).toBe('00:00:00:29.000');
    expect(liveLinkTimecode(30, 30)).toBe('00:00:01:00.000');
    expect(liveLinkTimecode((3600 + 61) * 60 + 5, 60)).toBe('01:01:01:05.000');
  });
  it('refuses a fractional frame or rate', () => {
    expect(() => liveLinkTimecode(1.5, 30)).toThrow(/whole number/);
    expect(() => liveLinkTimecode(1, 0)).toThrow(/fps/);
  });
});
