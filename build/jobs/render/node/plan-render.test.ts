import { describe, expect, it } from 'vitest';
import { withSettings } from '../../../scene/parse.ts';
import type { FilmCode } from '../../cache/node/film-key.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { planRender, type CacheIndex, type RenderPlanInput } from './plan-render.ts';
import { renderOptionsWith } from './render-options.ts';

// Plans only: no browser, no ffmpeg, no files. The sample streams' digests and the code are stand-ins
// (the plan reads them as data); the scenes are the repository's own.
const SCENES = ['1970-rest', '1981-rest', '1970-script', '2026-script'].map(loadScene);
const CODE: FilmCode = { renderer: 'r'.repeat(64), node: 'n'.repeat(64), browser: 'chromium 1', encoder: 'ffmpeg 1' };
const digests = Object.fromEntries(SCENES.map((s) => [s.name, `${s.name}-feed`]));

const input = (o: Partial<RenderPlanInput> & { flags?: Parameters<typeof renderOptionsWith>[0] } = {}): RenderPlanInput => ({
  scenes: SCENES,
  options: renderOptionsWith(o.flags ?? {}),
  code: CODE,
  cache: { films: [] },
  feedDigests: digests,
  ...o,
});

describe('planRender', () => {
  it('with an empty cache renders every scene asked for, in the order asked, on at most --jobs browsers', () => {
    const plan = planRender(input({ flags: { jobs: 2 } }));
    expect(plan.scenes.map((p) => [p.scene.name, p.action, p.reason])).toEqual(SCENES.map((s) => [s.name, 'render', 'new']));
    expect(plan.browsers).toBe(2);
    expect(plan.scenes.every((p) => /^[0-9a-f]+$/.test(p.key ?? ''))).toBe(true);
    expect(plan.record).toBe('ledger');
    expect(planRender(input({ flags: { ledger: false } })).record).toBe('none');
  });

  it('splits the scenes into shards that hold each scene once, balanced by frames, and records to the manifest', () => {
    const plans = [1, 2, 3].map((index) => planRender(input({ flags: { shard: { index, count: 3 } } })));
    const names = plans.flatMap((p) => p.scenes.map((s) => s.scene.name));
    expect([...names].sort()).toEqual(SCENES.map((s) => s.name).sort());
    for (const p of plans) {
      expect(p.record).toBe('shard-manifest');
      expect(p.allScenes).toEqual(SCENES.map((s) => s.name));
      expect(p.scenes.length).toBeGreaterThan(0);
    }
    // Four scenes in three bins: the longest sits alone.
    expect(plans.map((p) => p.scenes.length).sort()).toEqual([1, 1, 2]);
  });

  it('restores a scene whose key the cache holds; --force renders it; --no-cache renders without a key', () => {
    const first = planRender(input());
    const cache: CacheIndex = { films: [{ key: first.scenes[1].key!, name: first.scenes[1].scene.name }] };
    const again = planRender(input({ cache }));
    expect(again.scenes.map((p) => p.action)).toEqual(['render', 'restore', 'render', 'render']);
    expect(again.scenes[1].reason).toBe('cached');
    const forced = planRender(input({ cache, flags: { force: true } }));
    expect(forced.scenes.map((p) => p.reason)).toEqual(['forced', 'forced', 'forced', 'forced']);
    expect(forced.scenes[1].key).toBe(first.scenes[1].key);
    const none = planRender(input({ cache: null, code: null, flags: { cache: false } }));
    expect(none.scenes.map((p) => [p.action, p.reason, p.key])).toEqual(SCENES.map(() => ['render', 'no-cache', null]));
  });

  it('renders a cached scene again when a setting, its sample stream or the code changed (its entry under the old key)', () => {
    const first = planRender(input());
    const cache: CacheIndex = { films: first.scenes.map((p) => ({ key: p.key!, name: p.scene.name })) };
    expect(planRender(input({ cache })).scenes.every((p) => p.action === 'restore')).toBe(true);
    // Another size: the scene settled with --size, as runRender does.
    const resized = SCENES.map((s, i) => (i === 0 ? withSettings(s, { width: 640, height: 360 }) : s));
    const size = planRender(input({ cache, scenes: resized }));
    expect(size.scenes.map((p) => [p.action, p.reason])).toEqual([['render', 'changed'], ...SCENES.slice(1).map(() => ['restore', 'cached'])]);
    // A render setting (--no-pixels, --format png, --capture screenshot) is part of every key.
    for (const flags of [{ pixels: false }, { format: 'png' as const }, { capture: 'screenshot' as const }]) {
      expect(planRender(input({ cache, flags })).scenes.map((p) => p.reason)).toEqual(SCENES.map(() => 'changed'));
    }
    const stream = planRender(input({ cache, feedDigests: { ...digests, '1981-rest': 'another stream' } }));
    expect(stream.scenes.map((p) => p.action)).toEqual(['restore', 'render', 'restore', 'restore']);
    const code = planRender(input({ cache, code: { ...CODE, encoder: 'ffmpeg 2' } }));
    expect(code.scenes.every((p) => p.reason === 'changed')).toBe(true);
  });

  it("holds a proof film's era spread only when the scene is as its file says and not a sample", () => {
    expect(planRender(input()).film.holdSpread).toBe(true);
    expect(planRender(input({ flags: { seed: 34 } })).film.holdSpread).toBe(false);
    expect(planRender(input({ flags: { duration: 2 } })).film.holdSpread).toBe(false);
    const sample = planRender(input({ flags: { sample: true } }));
    expect([sample.film.holdSpread, sample.disagreement]).toEqual([false, 'reported']);
    expect(planRender(input()).disagreement).toBe('fails');
  });
});
