import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeMessage } from '../../../errors/safe-text.ts';
import type { Scene } from '../../../scene/scene.ts';
import { outputFile } from '../../../node/io/contain.ts';
import { ownedPrefix } from '../../../node/io/owned-temp.ts';
import { onInterrupt } from '../../../node/io/interrupt.ts';
import { projectRoot } from '../../../node/io/project-root.ts';
import { runRenderScenes } from '../../render/node/run-render.ts';
import { clipRecordPath, keptByInputs } from './compare-record.ts';
import { adoptPanels, checkedPanels, inputsKeyOf, panelRenderFlags, rendered } from './compare-panels.ts';
import type { CompareOptions } from './compare-types.ts';

/** One clip as eye clips asks eye compare for it: its scenes, its options, where it goes. */
export interface ClipRequest {
  scenes: string[];
  options: CompareOptions & { out: string };
}

/**
 * Every panel the clips will render, rendered once in one batch before any clip is composed, into the
 * cache: each clip's own eye compare then restores them. Rendered clip by clip, each clip started its
 * own browsers (a first frame of 3–14 s each: launching, painting the renderer's layers at the panel
 * size) and, once its held panel's few frames were done, rendered its one moving panel on one of the
 * two jobs while the other sat idle. In one batch the browsers are shared and both jobs stay busy.
 *
 * Only where it pays and changes nothing: with the cache on (the clips restore from it), without
 * --force (each clip would render its panels again) or --from (shards' clips are taken, not
 * rendered), and skipping each clip this run will keep (its
 * record's inputs key is this run's) and each panel that needs no render (a proof film, scaled). A
 * panel's render is its film key's, whichever process makes it, so a clip's bytes are as before; a
 * panel that fails here is rendered again, and its failure said, by its clip's own eye compare.
 */
export async function prerenderPanels(clips: readonly ClipRequest[], argv: string[]): Promise<void> {
  const first = clips[0]?.options;
  if (!first || !first.cache || first.force || first.from?.length) return;
  const root = projectRoot();
  const scenes = new Map<string, Scene>();
  for (const c of clips) {
    const json = clipRecordPath(c.options.out);
    let panels;
    try {
      // A clip its compare will refuse (its clip or record not replaceable: a device node, a symlink)
      // costs no render here either, as eye compare refuses before rendering.
      outputFile(c.options.out);
      outputFile(json);
      panels = checkedPanels(c.scenes, c.options);
      await adoptPanels(panels, c.options);
    } catch {
      continue; // its own eye compare says why
    }
    const size = c.options.panelSize ?? { width: panels[0].scene.width, height: panels[0].scene.height };
    const inputsKey = await inputsKeyOf(root, panels, c.options, size);
    if (inputsKey && keptByInputs(c.options.out, json, inputsKey)) continue;
    for (const p of panels) {
      if (p.revision !== null || p.fromProof) continue;
      const s = rendered(p);
      scenes.set(JSON.stringify([s.name, s.width, s.height, s.durationS, s.fps, s.seed, s.preset]), s);
    }
  }
  if (scenes.size === 0) return;
  const work = mkdtempSync(join(tmpdir(), ownedPrefix('eye-compare-')));
  const forget = onInterrupt(() => rmSync(work, { recursive: true, force: true }));
  try {
    await runRenderScenes([...scenes.values()], panelRenderFlags(first, join(work, 'panels')), argv);
  } catch (err) {
    process.stderr.write(`clips: the panels' batch render stopped (${safeMessage(err instanceof Error ? err.message.split('\n')[0] : String(err))}); each clip renders what it still needs\n`);
  } finally {
    forget();
    rmSync(work, { recursive: true, force: true });
  }
}
