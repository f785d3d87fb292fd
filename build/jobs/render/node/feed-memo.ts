import { feedOf } from '../../../page/frame-feed.ts';
import type { Scene } from '../../../scene/scene.ts';
import { cacheKey } from '../../../node/io/content-key.ts';

type Feed = ReturnType<typeof feedOf>;
const memo = new Map<string, Feed>();

/**
 * feedOf, once per scene per process: `eye all` keys the same scenes in its render and again in its
 * clips (a tuned panel made from its proof film is keyed as that film), and each simulation of a 20 s
 * scene costs ~0.2 s. The memo is keyed by the whole scene's content (name included), and feedOf is a
 * pure function of it; the feed is read, never changed, by its users.
 */
export function feedFor(scene: Scene): Feed {
  const k = cacheKey(scene);
  let hit = memo.get(k);
  if (!hit) {
    hit = feedOf(scene);
    memo.set(k, hit);
  }
  return hit;
}
