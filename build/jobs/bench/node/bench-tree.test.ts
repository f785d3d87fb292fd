import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { projectRoot } from '../../../node/io/project-root.ts';
import { loadBenchTree } from './bench-tree.ts';

const empty = mkdtempSync(join(tmpdir(), 'bench-tree-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

describe('loadBenchTree', () => {
  it("loads a checkout's own pipeline: its session, render, ffmpeg arguments, capture expression and mask options", async () => {
    const t = await loadBenchTree(projectRoot(), 'this tree');
    expect(typeof t.createBrowserSession).toBe('function');
    expect(typeof t.renderScene).toBe('function');
    expect(t.ffmpegArgs({ width: 64, height: 64, fps: 30, input: 'jpeg' }).outputOptions).toContain('libx264');
    expect(t.imageExpression('jpeg')).toMatch(/^window\.__eye\.image\("jpeg", 0\.95\)$/);
    expect(t.measure.maskScale).toBeGreaterThan(0);
  });

  it('refuses a folder that is not a calm-eye checkout (exit 2), and one whose modules are missing', async () => {
    const refused = loadBenchTree(empty, empty);
    await expect(refused).rejects.toThrow(CliError);
    await expect(refused).rejects.toMatchObject({ exitCode: EXIT.badInput });
    mkdirSync(join(empty, 'build', 'page'), { recursive: true });
    mkdirSync(join(empty, 'build', 'node'), { recursive: true });
    mkdirSync(join(empty, 'node_modules'));
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(empty, 'build', 'page', 'main.ts'), '');
    await expect(loadBenchTree(empty, empty)).rejects.toThrow(/no build\/node\/\*\*\/browser-session\.ts/);
  });
});
