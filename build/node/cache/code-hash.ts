import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const memo = new Map<string, string>();

/**
 * A hash of the Node-side code: every .ts under build/ except tests, and package-lock.json (esbuild,
 * sharp and puppeteer-core versions shape the bytes too). All of build/ rather than the render path's
 * import graph, on purpose: the render reaches code an import walk would miss (check-pool starts
 * check-worker.ts by file name for the era spread; the page bundle has its own hash but is built by
 * bundle-page.ts), and a needless re-render after editing, say, a CLI help text costs minutes while a
 * stale film restored after a real change would be a wrong proof. Memoised per process (~20 ms).
 */
export function codeHash(root: string): string {
  const hit = memo.get(root);
  if (hit) return hit;
  const h = createHash('sha256');
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|mjs|js)$/.test(e.name) && !/\.test\.ts$/.test(e.name)) h.update(relative(root, p)).update('\0').update(readFileSync(p)).update('\0');
    }
  };
  walk(join(root, 'build'));
  h.update('package-lock.json\0').update(readFileSync(join(root, 'package-lock.json')));
  const hex = h.digest('hex');
  memo.set(root, hex);
  return hex;
}
