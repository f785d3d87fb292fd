import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs tool without types
import { eyeCommands, lintWorkflow, lintWorkflows } from './lint-workflows.mjs';
import { tempDir } from '../testing/temp-dir.ts';

const proof = readFileSync(join(import.meta.dirname, '..', '..', '.github', 'workflows', 'proof.yml'), 'utf8');

describe('workflow lint', () => {
  it('passes on every workflow of the repository', () => {
    expect(lintWorkflows()).toEqual([]);
  });

  it('knows the CLI commands the proof workflow runs', () => {
    const commands: Set<string> = eyeCommands();
    for (const c of ['render', 'merge', 'check', 'clips', 'report']) expect(commands.has(c)).toBe(true);
  });

  it('fails a broken workflow: a misspelt key, a job that needs a missing job, a YAML error, an eye command that does not exist', () => {
    // The proof workflow, broken one way at a time: each must be caught.
    const broken = {
      misspelt: proof.replace('timeout-minutes: 60\n    strategy:', 'timeout-minuts: 60\n    strategy:'),
      needs: proof.replace('needs: [render, clips]', 'needs: [films, clips]'),
      yaml: proof.replace('      matrix:\n', '      matrix: [\n'),
      command: proof.replace('npx eye merge', 'npx eye join'),
    };
    for (const [what, text] of Object.entries(broken)) expect(text, what).not.toBe(proof);
    expect(lintWorkflow(broken.misspelt).join('\n')).toMatch(/timeout-minuts/);
    expect(lintWorkflow(broken.needs).join('\n')).toMatch(/unresolved job films/);
    expect(lintWorkflow(broken.yaml).join('\n')).toMatch(/^line \d+: /);
    expect(lintWorkflow(broken.command)).toEqual([expect.stringMatching(/^line \d+: eye join: no such command/)]);
  });

  it('names the file, and fails a folder with no workflow in it', () => {
    const dir = tempDir('lint-workflows-');
    expect(lintWorkflows(dir)).toEqual([expect.stringMatching(/no workflow file/)]);
    writeFileSync(join(dir, 'bad.yml'), 'name: x\non: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    stepz:\n      - run: echo\n');
    expect(lintWorkflows(dir)).toEqual([expect.stringMatching(/bad\.yml: .*stepz/)]);
  });
});
