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
    expect(t.imageExpression('i420')).toBe('window.__eye.i420()');
    // Each tree is timed in its own colour film's format.
    expect(t.colourFormat).toBe('i420');
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

  it("takes an older tree's mask scale from its pixel proof where its renderScene keeps pixelOptions to itself (the filing commit 6a8c3aa)", async () => {
    const { writeFileSync } = await import('node:fs');
    const tree = (proof: string): string => {
      const at = mkdtempSync(join(tmpdir(), 'bench-tree-old-'));
      mkdirSync(join(at, 'build', 'page'), { recursive: true });
      mkdirSync(join(at, 'build', 'node', 'render'), { recursive: true });
      mkdirSync(join(at, 'node_modules'));
      writeFileSync(join(at, 'build', 'page', 'main.ts'), '');
      const files: Record<string, string> = {
        'browser-session.ts': 'export function createBrowserSession() {}',
        'render-scene.ts': 'export function renderScene() {}',
        'ffmpeg-args.ts': 'export function ffmpegArgs() { return {}; }',
        'capture-frame.ts': 'export const JPEG_QUALITY = 95;',
        'pixel-proof.ts': proof,
      };
      for (const [name, text] of Object.entries(files)) writeFileSync(join(at, 'build', 'node', 'render', name), text);
      return at;
    };
    const old = tree('export const DEFAULT_MASK_SCALE = 0.5;');
    const bare = tree('export const OTHER = 1;');
    try {
      expect((await loadBenchTree(old, 'old')).measure).toEqual({ maskScale: 0.5 });
      await expect(loadBenchTree(bare, 'bare')).rejects.toMatchObject({ exitCode: EXIT.badInput });
    } finally {
      for (const at of [old, bare]) rmSync(at, { recursive: true, force: true });
    }
  });
});
