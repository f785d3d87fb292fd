import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { IMPORT_GRAPH } from '../jobs/cache/node/code-hash.ts';

/** Packages that cost a tenth of a second or more each to load (measured: puppeteer-core 0.15 s, linkedom 0.14 s, Plot 0.12 s, sharp 0.08 s). */
const HEAVY = ['puppeteer-core', 'sharp', 'linkedom', '@observablehq/plot', 'esbuild', 'fluent-ffmpeg'];

/**
 * What `eye` loads before it knows which command runs: main.ts's static import graph, as esbuild splits
 * it (a command's implementation is imported inside its action, so it lands in a chunk of its own).
 * Every CLI call pays for this graph (./make.sh makes five of them), so it must stay small.
 */
async function startupGraph(root: string): Promise<{ inputs: string[]; packages: string[] }> {
  // Split: what a dynamic import reaches goes into chunks of its own.
  const r = await build({ ...IMPORT_GRAPH, splitting: true, entryPoints: [join(root, 'build/cli/main.ts')], absWorkingDir: root });
  const outputs = r.metafile.outputs;
  const entry = Object.keys(outputs).find((k) => outputs[k].entryPoint === 'build/cli/main.ts');
  if (!entry) throw new Error('no output for build/cli/main.ts');
  // The entry's chunk and the shared chunks it imports statically.
  const seen = new Set<string>();
  const walk = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const i of outputs[k].imports) if (!i.external && i.kind === 'import-statement') walk(i.path);
  };
  walk(entry);
  const inputs = new Set<string>();
  const packages = new Set<string>();
  for (const k of seen) {
    for (const f of Object.keys(outputs[k].inputs)) inputs.add(f);
    for (const i of outputs[k].imports) if (i.external && i.kind === 'import-statement' && !i.path.startsWith('node:')) packages.add(i.path);
  }
  return { inputs: [...inputs].sort(), packages: [...packages].sort() };
}

describe("the CLI's start-up", () => {
  it('loads no heavy package and no command implementation until a command runs', async () => {
    const g = await startupGraph(join(import.meta.dirname, '..', '..'));
    expect(g.packages).toEqual(['commander']);
    for (const p of HEAVY) expect(g.packages).not.toContain(p);
    // The render, the check, the compare and the report are each loaded by their own action.
    for (const impl of ['build/jobs/render/node/run-render.ts', 'build/jobs/check/node/run-check.ts', 'build/jobs/compare/node/run-compare.ts', 'build/jobs/report/node/run-report.ts', 'build/node/browser/launch-chromium.ts']) {
      expect(g.inputs).not.toContain(impl);
    }
    expect(g.inputs.length).toBeLessThan(80);
  });
});
