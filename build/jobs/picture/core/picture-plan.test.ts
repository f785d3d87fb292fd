import { describe, expect, it } from 'vitest';
import { Player } from '../../../model/player.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { withSettings } from '../../../scene/parse.ts';
import { planPicture } from './picture-plan.ts';

describe('planPicture: blink frames from the model the page runs', () => {
  const scene = withSettings(loadScene('2026-script'), { durationS: 4 });
  const plan = planPicture(scene);
  it('finds the blinks, each with an open frame before it', () => {
    expect(plan.frames).toBe(120);
    expect(plan.episodes.length).toBeGreaterThan(0);
    const player = new Player(scene);
    for (const e of plan.episodes) {
      expect(e.refFrame).toBe(e.firstFrame - 1);
      expect(e.frames).toEqual(Array.from({ length: e.lastFrame - e.firstFrame + 1 }, (_, i) => e.firstFrame + i));
      expect(e.lastFrame).toBeGreaterThanOrEqual(e.firstFrame);
      expect(e.blinks).toBeGreaterThan(0);
      expect(player.goToFrame(e.refFrame).blinkClosure).toBeLessThan(1e-3);
      // The lids are well closed somewhere inside the episode.
      let deepest = 0;
      for (let f = e.firstFrame; f <= e.lastFrame; f++) deepest = Math.max(deepest, player.goToFrame(f).blinkClosure);
      expect(deepest).toBeGreaterThan(0.4);
    }
  });
  it('a tour\'s cut joins the episode, and frames shown in the next era are not compared', () => {
    const tour = withSettings(loadScene('tour'), { durationS: 8 });
    const cut = planPicture(tour).episodes.find((e) => e.firstFrame <= 181 && e.lastFrame >= 182)!;
    expect(cut).toBeDefined();
    expect(cut.refFrame).toBeLessThanOrEqual(180); // the cut starts at 6 s = frame 180, still open
    expect(cut.frames.length).toBeGreaterThan(0);
    expect(cut.frames.length).toBeLessThan(cut.lastFrame - cut.firstFrame + 1);
    expect(Math.max(...cut.frames)).toBeLessThan(186); // the era switches mid-cut (90 + 60 ms in)
  });

  it('episodes do not overlap and stay inside the film', () => {
    for (let i = 1; i < plan.episodes.length; i++) expect(plan.episodes[i].refFrame).toBeGreaterThan(plan.episodes[i - 1].lastFrame);
    for (const e of plan.episodes) expect(e.lastFrame).toBeLessThan(plan.frames);
  });
});
