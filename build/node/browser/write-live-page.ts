import { writeFileAtomic } from '../io/write-file-atomic.ts';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { bundlePage } from './bundle-page.ts';
import { listScenes, SCENES_DIR } from '../io/load-scene.ts';
import { pageHtml } from '../../core/browser/page-html.ts';

/**
 * Write the standalone live page (open it in any browser: it animates with requestAnimationFrame and
 * follows the real pointer; `?scene=1995-rest` picks a scene). Written whole, then renamed.
 */
export async function writeLivePage(file: string): Promise<string> {
  const scenes: Record<string, unknown> = {};
  for (const name of listScenes()) scenes[name] = JSON.parse(readFileSync(join(SCENES_DIR, `${name}.json`), 'utf8'));
  const html = pageHtml(await bundlePage(), 'live', scenes);
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomic(file, html);
  return file;
}
