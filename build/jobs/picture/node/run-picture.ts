import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PictureReport } from '../../../measure/picture/picture-report.ts';
import { PICTURE_HEADER, pictureRow } from '../../../report/picture-row.ts';
import { createBrowserSession } from '../../../node/browser/browser-session.ts';
import { findBrowser } from '../../../node/browser/find-browser.ts';
import { handleInterrupts } from '../../../node/io/interrupt.ts';
import { loadScenes } from '../../../node/io/load-scene.ts';
import { BrowserCrashError, PageError } from '../../../core/browser/page-error.ts';
import { pictureScene } from './picture-scene.ts';
import { createProgress } from '../../render/node/progress.ts';
import { withSettings, type SceneSettings } from '../../../scene/parse.ts';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { ensureOutDir } from '../../../node/io/ensure-out-dir.ts';
import { assertReplaceableFile } from '../../../node/io/contain.ts';

/** Write a report whole: a temporary name in the same folder, renamed when written. */
function writeReport(outDir: string, r: PictureReport): string {
  ensureOutDir(outDir);
  const file = join(outDir, `${r.scene}.json`);
  assertReplaceableFile(file);
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, `${JSON.stringify(r, null, 2)}\n`);
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw new CliError(EXIT.environment, `cannot write ${file}: ${(err as Error).message}`);
  }
  return file;
}

/** What `eye picture` runs with, parsed and validated (build/cli/commands/picture.ts declares the flags). */
export interface PictureCommandOptions {
  /** --fps --duration --size --seed as scene fields (withSettings validates them like a scene file). */
  settings: SceneSettings;
  stride: number;
  maskStride: number;
  out: string;
  json: boolean;
}

/**
 * `eye picture [scene…]`: every scene's picture test in two browsers (colour and mask, restarted and the
 * scene retried once after a crash), each report written whole, a table row per scene; the exit code.
 */
export async function runPicture(names: string[], flags: PictureCommandOptions): Promise<number> {
  const { stride, maskStride } = flags;
  const scenes = loadScenes(names).map((s) => withSettings(s, flags.settings));
  if (scenes.length === 0) throw new CliError(EXIT.badInput, 'no scenes to check (scenes/ is empty)');
  const executable = findBrowser();
  const outDir = resolve(flags.out);
  // Before any render: an --out that cannot be written is the exit-3 line, not a failure at the end.
  ensureOutDir(outDir);
  handleInterrupts();
  const progress = createProgress();
  // PNG: the checks read pixels, so they must arrive exactly as the canvas drew them. Screenshots,
  // not beginFrame: the grabber's frame clock restarts at each load a second ahead of the wall
  // clock, so a page that skipped frames (virtual time ahead of real time: the mask browser grabs
  // only now and then) would get the stale image from beginFrame until real time caught up.
  const browserOptions = { executable, capture: 'screenshot', format: 'png', width: scenes[0].width, height: scenes[0].height } as const;
  // Two browsers stepped together: the colour pass and the mask pass of the same frame.
  const sessions = { color: createBrowserSession(browserOptions), mask: createBrowserSession(browserOptions) };
  const reports: PictureReport[] = [];
  if (!flags.json) progress.line(PICTURE_HEADER);
  try {
    for (const scene of scenes) {
      let report: PictureReport | null = null;
      for (let attempt = 1; !report; attempt++) {
        try {
          const browsers = { color: await sessions.color.get(), mask: await sessions.mask.get() };
          report = await pictureScene(scene, browsers, { stride, maskStride, onProgress: (p) => progress.update(p) });
        } catch (err) {
          if (err instanceof BrowserCrashError && attempt < 2) {
            await Promise.all([sessions.color.restart(), sessions.mask.restart()]);
            continue;
          }
          if (err instanceof PageError) throw new CliError(EXIT.internal, `${scene.name}: the page threw: ${err.message}`);
          throw err;
        }
      }
      writeReport(outDir, report);
      reports.push(report);
      if (!flags.json) progress.line(pictureRow(report));
    }
  } finally {
    await Promise.all([sessions.color.close(), sessions.mask.close()]);
  }
  if (flags.json) process.stdout.write(`${JSON.stringify(reports, null, 2)}\n`);
  else progress.line(`reports → ${outDir}/<scene>.json`);
  return reports.every((r) => r.pass) ? EXIT.ok : EXIT.assertionFailed;
}
