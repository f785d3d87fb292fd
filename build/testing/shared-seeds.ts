import { parseScene } from '../scene/parse.ts';

/** A scene file as read: its name and its parsed JSON. */
export interface SceneFile {
  name: string;
  raw: unknown;
}

/**
 * Scene files that share a seed without saying so. Two eras on one seed share a blink timeline (every
 * scene on seed 1 blinked at 0.80 and 1.24 s), so each scene file has its own seed unless its
 * `$comment` names every other scene it shares one with (a comparison that must match its pair).
 * The seed is the parsed one, so two files that leave it to the default share it too.
 */
export function unexplainedSharedSeeds(files: readonly SceneFile[]): string[] {
  const bySeed = new Map<number, SceneFile[]>();
  for (const f of files) {
    const seed = parseScene(f.raw, `${f.name}.json`, f.name).seed;
    bySeed.set(seed, [...(bySeed.get(seed) ?? []), f]);
  }
  const problems: string[] = [];
  for (const [seed, group] of bySeed) {
    if (group.length < 2) continue;
    for (const f of group) {
      const comment = (f.raw as { $comment?: unknown }).$comment;
      const text = typeof comment === 'string' ? comment : '';
      const unnamed = group.filter((g) => g !== f && !text.includes(g.name)).map((g) => g.name);
      if (unnamed.length > 0) problems.push(`${f.name} shares seed ${seed} with ${unnamed.join(', ')} and its $comment does not say why`);
    }
  }
  return problems;
}
