import { describe, expect, it } from 'vitest';
import { simulate } from '../model/player.ts';
import { SAMPLE_FIELDS } from '../model/types.ts';
import { loadScene } from '../node/io/load-scene.ts';
import { withSettings } from '../scene/parse.ts';
import { feedDigestAt, feedOf, FrameFeed } from './frame-feed.ts';

const scene = withSettings(loadScene('2026-rest-pointer'), { durationS: 2 });

describe('FrameFeed', () => {
  it('digests the same stream the same way, and hands each frame the Player\'s own sample (its trace is simulate\'s)', () => {
    const a = feedOf(scene);
    expect(a.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(feedOf(structuredClone(scene)).digest).toBe(a.digest);
    const node = simulate(scene);
    for (const f of SAMPLE_FIELDS) expect(a.trace.columns[f], f).toEqual(Array.from(node.columns[f]));
  });
  it('a frame drawn twice (load draws frame 0, then the capture loop) enters the digest once', () => {
    const once = new FrameFeed(scene);
    const twice = new FrameFeed(scene);
    twice.at(0);
    for (let f = 0; f <= once.frameCount; f++) {
      once.at(f);
      twice.at(f);
    }
    expect(twice.digest()).toBe(once.digest());
  });
  it('changes with anything the page draws: another seed, another pointer track, a skipped frame, fewer frames', () => {
    const base = feedOf(scene).digest;
    expect(feedOf(withSettings(scene, { seed: scene.seed + 1 })).digest).not.toBe(base);
    expect(feedOf({ ...scene, pointer: scene.pointer.map((k) => ({ ...k, xR: k.xR + 0.5 })) }).digest).not.toBe(base);
    expect(feedOf(withSettings(scene, { durationS: 1 })).digest).not.toBe(base);
    const skipped = new FrameFeed(scene);
    for (let f = 0; f <= skipped.frameCount; f++) if (f !== 7) skipped.at(f);
    expect(skipped.digest()).not.toBe(base);
  });
  it('ends with digest(): a frame handed out after it is refused', () => {
    const feed = new FrameFeed(scene);
    feed.at(0);
    feed.digest();
    expect(() => feed.at(1)).toThrow(/at\(\) after digest\(\)/);
  });
  it('hands frame n the same record whether the frames before it were visited or skipped (a chunk started mid-film draws the film\'s frames)', () => {
    // The tour across its 6-s and 12-s cuts (one continuous simulation): chunks start at 190 and 370.
    const tour = withSettings(loadScene('tour'), { durationS: 14 });
    const whole = new FrameFeed(tour);
    const all = Array.from({ length: whole.frameCount }, (_, f) => JSON.stringify(whole.at(f)));
    for (const start of [190, 370]) {
      const chunk = new FrameFeed(tour);
      chunk.at(0);
      for (let f = start; f < start + 20; f++) expect(JSON.stringify(chunk.at(f)), `frame ${f}`).toBe(all[f]);
    }
    expect(feedDigestAt(tour, Array.from({ length: whole.frameCount + 1 }, (_, f) => f))).toBe(feedOf(tour).digest);
  });
});
