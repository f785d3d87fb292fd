import { build } from 'esbuild';
import { join } from 'node:path';
import { projectRoot } from '../io/project-root.ts';

let cached: Promise<string> | null = null;

/**
 * The page's script: build/page/main.ts with the model and renderer bundled in, built in memory by
 * esbuild (never written to disk, so a render can never pick up a stale bundle). Built once per process.
 */
export function bundlePage(): Promise<string> {
  cached ??= build({
    entryPoints: [join(projectRoot(), 'build', 'page', 'main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome110',
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0].text);
  cached.catch(() => {
    cached = null;
  });
  return cached;
}
