import { resolve } from 'node:path';
import type { Scene } from '../../../scene/scene.ts';
import { openCache } from '../../cache/node/store.ts';
import { filmKeysOf, type RenderRunOptions } from '../../render/node/run-render.ts';

/** A panel as proofPanels reads and rewrites it: its scene, and the size its scene file renders its proof film at. */
export interface ProofPanelCandidate {
  scene: Scene;
  /** The scene file's own frame size (before --size); absent: no proof film to look for (a revision's panel). */
  fileSize?: { width: number; height: number };
  /** Set when the panel is a proof film, said on its line in the clip's record. */
  note?: string;
  /** Set with the note: the panel is that film, so nothing renders it. */
  fromProof?: boolean;
}

/**
 * Panels made from proof films: a panel whose scene, at its file's own size, is a film the cache
 * already holds (the same scene at the same settings as `eye render` made it: the same film key) is
 * that film, scaled to the panel by the compose step, instead of a render at the panel's size. Its
 * label's numbers are then that film's own pixels (its mask pass at half its size, as every proof
 * film is measured), and its ledger check is against the proof render's line. Changes the panels in
 * place; returns how many were adopted.
 */
export async function proofPanels(panels: ProofPanelCandidate[], flags: RenderRunOptions): Promise<number> {
  if (!flags.cache) return 0;
  const store = openCache(resolve(flags.cacheDir));
  const candidates = panels.flatMap((p) => {
    const size = p.fileSize;
    if (!size || (size.width === p.scene.width && size.height === p.scene.height)) return [];
    return [{ p, scene: { ...p.scene, width: size.width, height: size.height } }];
  });
  const keys = (await filmKeysOf(candidates.map((c) => c.scene), flags)) ?? [];
  let adopted = 0;
  candidates.forEach((c, i) => {
    if (!store.lookup('films', keys[i])) return;
    c.p.scene = c.scene;
    c.p.note = `made from the proof film at ${c.scene.width}x${c.scene.height}, scaled`;
    c.p.fromProof = true;
    adopted++;
  });
  return adopted;
}
