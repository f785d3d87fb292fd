import { describe, expect, it } from 'vitest';
import { chunkPlan, CHUNK_FRAMES, MIN_CHUNKED_FRAMES, warmupStartFrame } from './chunk-plan.ts';

describe('chunkPlan', () => {
  it('keeps a 20-s film at 30 fps (600 frames) in one piece', () => {
    expect(chunkPlan(600)).toEqual([{ index: 0, startFrame: 0, endFrame: 600 }]);
    expect(chunkPlan(MIN_CHUNKED_FRAMES - 1)).toHaveLength(1);
  });

  it('splits the 60-s tour (1,800 frames) into CHUNK_FRAMES-frame chunks covering every frame once, in order', () => {
    const chunks = chunkPlan(1800);
    expect(chunks).toHaveLength(1800 / CHUNK_FRAMES);
    expect(chunks[0].startFrame).toBe(0);
    expect(chunks.at(-1)!.endFrame).toBe(1800);
    chunks.forEach((c, i) => {
      expect(c.index).toBe(i);
      expect(c.endFrame - c.startFrame).toBe(CHUNK_FRAMES);
      if (i > 0) expect(c.startFrame).toBe(chunks[i - 1].endFrame);
    });
  });

  it('spreads a remainder instead of leaving a short last chunk', () => {
    const chunks = chunkPlan(1001, { chunkFrames: 300, minChunkedFrames: 1 });
    expect(chunks.map((c) => c.endFrame - c.startFrame)).toEqual([250, 251, 250, 250]);
    expect(chunks.at(-1)!.endFrame).toBe(1001);
  });

  it('refuses a frame count or chunk length that is not a positive integer', () => {
    expect(() => chunkPlan(0)).toThrow(/frame count 0/);
    expect(() => chunkPlan(10.5)).toThrow(/frame count/);
    expect(() => chunkPlan(900, { chunkFrames: 0 })).toThrow(/chunk frames 0/);
  });
});

describe('warmupStartFrame', () => {
  it('starts CHUNK_WARMUP_FRAMES back, 4× further on each retry, never before frame 0', () => {
    expect(warmupStartFrame(300, 0, 15)).toBe(285);
    expect(warmupStartFrame(300, 1, 15)).toBe(240);
    expect(warmupStartFrame(300, 3, 15)).toBe(0);
    expect(warmupStartFrame(0, 0, 15)).toBe(0);
  });
});
