import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { skinChangeSeverity, type PictureReport } from '../../measure/picture/picture-report.ts';
import { PICTURE_LIMITS } from '../../measure/picture/picture-limits.ts';
import { createBrowserSession } from '../../node/browser/browser-session.ts';
import { findBrowser } from '../../node/browser/find-browser.ts';
import { handleInterrupts } from '../../node/io/interrupt.ts';
import { loadScenes } from '../../node/io/load-scene.ts';
import { BrowserCrashError, PageError } from '../../node/browser/page-error.ts';
import { runPicture } from '../../node/picture/run-picture.ts';
import { createProgress } from '../../node/render/progress.ts';
import { projectRoot } from '../../node/io/project-root.ts';
import { withSettings } from '../../scene/parse.ts';
import { CliError, EXIT } from '../../errors/exit.ts';
import { SCENE_SETTING_OPTIONS, sceneSettingsOf } from '../scene-options.ts';
import { declareOptions, integerIn, parseOptions, text, type OptionSpec, type OptionValues } from '../option-spec.ts';

/** `eye picture`'s options, each declared once (flag, doc, default, validator). */
export const PICTURE_OPTIONS = {
  ...SCENE_SETTING_OPTIONS,
  stride: { flags: '--stride <n>', doc: 'check edges and top rows on every n-th frame, 1 to 1000 (blink frames and their open frames always)', default: 1, parse: integerIn(1, 1000) },
  maskStride: { flags: '--mask-stride <n>', doc: "read the mask pass's top rows every n-th frame, 1 to 100000 (and at each blink's open frame)", default: 10, parse: integerIn(1, 100000) },
  out: { flags: '--out <dir>', doc: 'where <scene>.json is written', default: resolve(projectRoot(), 'proof', 'picture'), defaultText: 'proof/picture', parse: text },
  json: { flags: '--json', doc: 'print the reports as JSON on stdout', default: false },
} satisfies Record<string, OptionSpec<unknown>>;

/** `eye picture [scene…]`: the picture test of eye.md §11 on losslessly captured frames. */
export function registerPicture(program: Command): void {
  const cmd = program
    .command('picture')
    .description(
      'The picture test (eye.md §11): render each scene\'s colour and mask passes losslessly and check every frame: no straight vertical edge over ' +
        `${PICTURE_LIMITS.maxVerticalEdgeMm} mm; during each blink the skin outside the eye's outline stays as it was (blurred luma change p99 ≤ ` +
        `${PICTURE_LIMITS.skinChangeP99Levels}, max ≤ ${PICTURE_LIMITS.skinChangeMaxLevels} levels); no brow in the top ${PICTURE_LIMITS.topRowsMm} mm of rows. ` +
        'Writes proof/picture/<scene>.json; exit 1 when a check fails. No scene named: every scene under scenes/.',
    )
    .argument('[scenes...]', 'scene names (1970-script) or paths to scene files');
  declareOptions(cmd, PICTURE_OPTIONS).action(async (names: string[], raw: Record<string, unknown>) => {
    process.exitCode = await runPictureCommand(names, parseOptions(PICTURE_OPTIONS, raw));
  });
}

const mm = (x: number) => x.toFixed(2);

/** One line per scene: the table the closing note quotes. */
export function pictureRow(r: PictureReport): string {
  const e = r.edges.worst;
  const edge = e ? `${mm(e.lengthMm)} mm @${e.frame} x${Math.round(e.xPx)} y${e.y0Px}-${e.y1Px}` : 'none';
  const worstBlink = r.blinks.episodes.reduce<PictureReport['blinks']['episodes'][number] | null>((w, x) => (!w || skinChangeSeverity(x.worst) > skinChangeSeverity(w.worst) ? x : w), null);
  const skin = worstBlink ? `p99 ${worstBlink.worst.p99Levels.toFixed(1)} max ${worstBlink.worst.maxLevels.toFixed(1)} @${worstBlink.worst.frame}` : 'no blink';
  const brow = `${r.topRows.framesWithBrow > 0 ? 'yes' : 'no'} (hair ${r.topRows.worstHairScore.toFixed(3)}${r.topRows.maskHasBrow ? `, mask ${r.topRows.worstMaskBrowPixels} px` : ''})`;
  const cells = [
    r.scene.padEnd(20),
    `${r.edges.pass ? 'ok  ' : 'FAIL'} ${edge} (${r.edges.framesOver}/${r.edges.framesChecked} frames over${r.edges.geometryRuns ? `; ${r.edges.geometryRuns} runs on the geometry` : ''})`.padEnd(58),
    `${r.blinks.pass ? 'ok  ' : 'FAIL'} ${r.blinks.episodes.length} blink${r.blinks.episodes.length === 1 ? '' : 's'}, ${skin}`.padEnd(42),
    `${r.topRows.pass ? 'ok  ' : 'FAIL'} brow in top rows ${brow}`.padEnd(40),
    r.pass ? 'PASS' : 'FAIL',
  ];
  return cells.join(' | ');
}

export const PICTURE_HEADER = [
  'scene'.padEnd(20),
  `longest straight vertical edge (cap ${PICTURE_LIMITS.maxVerticalEdgeMm} mm)`.padEnd(58),
  `skin outside the outline in blinks`.padEnd(42),
  'top rows'.padEnd(40),
  'verdict',
].join(' | ');

/** Write a report whole: a temporary name in the same folder, renamed when written. */
function writeReport(outDir: string, r: PictureReport): string {
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `${r.scene}.json`);
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

async function runPictureCommand(names: string[], flags: OptionValues<typeof PICTURE_OPTIONS>): Promise<number> {
  const { stride, maskStride } = flags;
  const settings = sceneSettingsOf(flags);
  const scenes = loadScenes(names).map((s) => withSettings(s, settings));
  if (scenes.length === 0) throw new CliError(EXIT.badInput, 'no scenes to check (scenes/ is empty)');
  const executable = findBrowser();
  const outDir = resolve(flags.out);
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
          report = await runPicture(scene, browsers, { stride, maskStride, onProgress: (p) => progress.update(p) });
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
