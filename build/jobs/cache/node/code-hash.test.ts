import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../node/io/project-root.ts';
import { BY_NAME_ENTRIES, codeHash } from './code-hash.ts';

const root = projectRoot();

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('codeHash', () => {
  it("holds what eye render runs (the render, the encoder's arguments, stills), not what it does not (eye check's command, eye ledger, the check's worker)", async () => {
    const { files, hash } = await codeHash(root, 'build/cli/commands/render.ts');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    for (const f of ['build/jobs/render/node/render-scene.ts', 'build/node/ffmpeg/ffmpeg-args.ts', 'build/jobs/stills/node/write-stills.ts', 'build/jobs/check/node/era-spread.ts', 'build/cli/commands/render.ts']) {
      expect(files).toContain(f);
    }
    // The check's worker (the era spreads' runs) is bundled and hashed on its own (era-code.ts), into the spreads' keys.
    for (const f of ['build/cli/commands/check.ts', 'build/jobs/check/node/run-check.ts', 'build/jobs/check/node/check-worker.ts', 'build/jobs/check/node/check-task.ts', 'build/jobs/picture/node/run-picture.ts', 'build/cli/commands/ledger.ts', 'build/cli/commands/bench.ts']) expect(files).not.toContain(f);
  });

  it("eye check's command holds its orchestration; its parts' code is the worker's bundle, keyed by its own hash", async () => {
    const { files } = await codeHash(root, 'build/cli/commands/check.ts');
    for (const f of ['build/cli/commands/check.ts', 'build/jobs/check/node/run-check.ts', 'build/jobs/check/node/check-run.ts', 'build/jobs/check/node/era-code.ts']) expect(files).toContain(f);
  });

  it('every module started by file name (a worker) is one of BY_NAME_ENTRIES, so no walk misses it', () => {
    const byName = sources(join(root, 'build')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/new URL\(\s*'(\.{1,2}\/[^']+\.ts)'\s*,\s*import\.meta\.url\s*\)/g)].map((m) => relative(root, join(dirname(file), m[1]))),
    );
    for (const f of byName) expect(BY_NAME_ENTRIES).toContain(f);
    for (const f of BY_NAME_ENTRIES) expect(byName).toContain(f);
  });
});
