import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, join, resolve, sep } from 'node:path';
import { DiffFileError, parseDiffFile } from '../core/diff-file.ts';
import { safeMessage, safeText } from '../../../errors/safe-text.ts';
import type { BaselineDiff, SceneDiff, Still } from '../../../report/proof/report-data.ts';
import { sceneNameProblem } from '../../../scene/scene-name.ts';
import { isInside } from '../../../node/io/contain.ts';
import { inlineImageFile, SHEET_WIDTH_PX, type ImageInliner } from './inline-image.ts';

/** Where `eye diff` leaves its verdicts, under the proof folder. */
export const DIFF_FILE = join('diff', 'diff.json');

/** A file the diff names, resolved inside the proof folder, links too; null (with the reason) when it escapes. */
function contained(proofDir: string, rel: string): { path: string } | { escapes: string } {
  const root = resolve(proofDir);
  const path = resolve(root, rel);
  if (!isInside(root, path)) return { escapes: rel };
  if (existsSync(path)) {
    // A link inside the folder that points out of it is refused as a ".." would be.
    const real = realpathSync(path);
    if (!isInside(realpathSync(root), real)) return { escapes: rel };
  }
  return { path };
}

/** A path relative to the proof folder (the page's own folder) as an href: each part URL-encoded. */
const href = (rel: string) => rel.split('/').map(encodeURIComponent).join('/');

/**
 * <proof>/diff/diff.json, for the report's first screen and its changed scenes: validated strictly
 * (core/report/diff-file.ts), every path it names held inside the proof folder, its stills inlined (half the page's width each: baseline and current share a row; the review clip's poster the page's width).
 * A file that is not the schema's, or names a path outside, is rejected whole with the reason: the page
 * then shows no verdict from it, and says so (it never crashes the report).
 */
export async function readDiff(proofDir: string, image: ImageInliner = inlineImageFile): Promise<BaselineDiff> {
  const file = join(proofDir, DIFF_FILE);
  // Named as the page sees it: beside it, in its own folder.
  const shown = DIFF_FILE.split(sep).join('/');
  const none: BaselineDiff = { state: 'none', file: shown, problem: null, against: null, scenes: [] };
  if (!existsSync(file)) return none;
  const rejected = (problem: string): BaselineDiff => ({ ...none, state: 'rejected', problem: safeText(problem) });
  let parsed;
  try {
    if (!statSync(file).isFile()) return rejected('not a regular file');
    parsed = parseDiffFile(JSON.parse(readFileSync(file, 'utf8')), sceneNameProblem);
  } catch (err) {
    if (err instanceof DiffFileError) return rejected(err.message);
    if (err instanceof SyntaxError) return rejected(`not valid JSON (${err.message})`);
    return rejected(`unreadable (${(err as Error).message})`);
  }
  // Every path first, before any is read: one escaping path rejects the file.
  const paths = parsed.scenes.flatMap((s, i) => [
    ...(s.reviewClip === null ? [] : [[`scenes[${i}].reviewClip`, s.reviewClip]]),
    ...(s.reviewPoster === null ? [] : [[`scenes[${i}].reviewPoster`, s.reviewPoster]]),
    ...s.baselineStills.map((p, j) => [`scenes[${i}].baselineStills[${j}]`, p]),
    ...s.currentStills.map((p, j) => [`scenes[${i}].currentStills[${j}]`, p]),
  ]);
  for (const [field, rel] of paths) {
    const c = contained(proofDir, rel);
    if ('escapes' in c) return rejected(`field ${field}: "${rel}" resolves outside the proof folder ${resolve(proofDir)}`);
  }
  const scenes: SceneDiff[] = [];
  for (const s of parsed.scenes) {
    const missingFiles: string[] = [];
    const stills = async (rels: string[], widthPx = Math.round(SHEET_WIDTH_PX / 2)): Promise<Still[]> => {
      const out: Still[] = [];
      for (const rel of rels) {
        const path = resolve(proofDir, rel);
        if (!existsSync(path) || !statSync(path).isFile()) {
          missingFiles.push(rel);
          continue;
        }
        try {
          out.push({ label: basename(rel).replace(/\.[a-z0-9]+$/i, ''), why: rel, dataUri: await image(path, widthPx) });
        } catch {
          missingFiles.push(`${rel} (not an image)`);
        }
      }
      return out;
    };
    const clipPath = s.reviewClip === null ? null : resolve(proofDir, s.reviewClip);
    const clip = clipPath && existsSync(clipPath) && statSync(clipPath).isFile() ? href(s.reviewClip!) : null;
    if (s.reviewClip && !clip) missingFiles.push(s.reviewClip);
    scenes.push({
      scene: s.scene,
      verdict: s.verdict,
      approved: s.approved,
      // Shown as text on the page: markup is escaped there, control characters made visible here (a newline kept).
      why: s.why === null ? null : safeMessage(s.why),
      firstDifferentFrame: s.firstDifferentFrame,
      events: s.events,
      metrics: s.metrics.map((m) => ({ ...m, name: safeText(m.name), unit: safeText(m.unit) })),
      stretches: s.stretches,
      reviewClipHref: clip,
      // The poster spans the page's width: three panels and their labels.
      poster: s.reviewPoster === null ? null : ((await stills([s.reviewPoster], SHEET_WIDTH_PX))[0] ?? null),
      baselineStills: await stills(s.baselineStills),
      currentStills: await stills(s.currentStills),
      missingFiles,
    });
  }
  return { state: 'read', file: shown, problem: null, against: parsed.against, scenes };
}
