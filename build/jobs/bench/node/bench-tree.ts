import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CliError, EXIT } from '../../../errors/exit.ts';
import type { PixelMeasureOptions } from '../../../page/protocol.ts';
import type { createBrowserSession } from '../../../node/browser/browser-session.ts';
import type { FrameFormat } from '../../../node/browser/capture-frame.ts';
import type { ffmpegArgs } from '../../../node/ffmpeg/ffmpeg-args.ts';
import type { renderScene } from '../../render/node/render-scene.ts';
import { safeText } from '../../../errors/safe-text.ts';

/**
 * What `eye bench`'s CPU breakdown drives of one checkout, imported from that checkout's own files:
 * its browser session (which bundles its own page), its renderScene, its ffmpeg arguments, its capture
 * settings and mask scale. So `--against DIR` times DIR's pipeline and this tree's in one process,
 * on one machine, in alternating passes. The shapes are today's; an older tree must have them.
 */
export interface BenchTree {
  /** `this tree` or the folder as given. */
  label: string;
  root: string;
  createBrowserSession: typeof createBrowserSession;
  renderScene: typeof renderScene;
  ffmpegArgs: typeof ffmpegArgs;
  /** The page expression that encodes the frame just drawn in the capture format, as the render's canvas path does (a promise for i420). */
  imageExpression: (format: FrameFormat) => string;
  /** The format the tree's colour film travels in by default (each tree is timed in its own). */
  colourFormat: FrameFormat;
  /** The mask options the tree's render measures with. */
  measure: PixelMeasureOptions;
}

/** A module file by its name under the tree's build/node or build/jobs (files move between folders; their names stay). */
function findModule(root: string, name: string): string {
  const todo = ['node', 'jobs'].map((d) => join(root, 'build', d)).filter((d) => existsSync(d));
  while (todo.length > 0) {
    const dir = todo.shift()!;
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (entry === name) return path;
      if (statSync(path).isDirectory() && entry !== 'node_modules') todo.push(path);
    }
  }
  throw new CliError(EXIT.badInput, `--against ${safeText(root)}: no build/node/**/${name} there (not a calm-eye checkout?)`);
}

const load = async (root: string, name: string): Promise<Record<string, unknown>> => import(pathToFileURL(findModule(root, name)).href);

/** Load a checkout's modules for the bench (`root`: a calm-eye checkout with its node_modules installed). */
export async function loadBenchTree(root: string, label: string): Promise<BenchTree> {
  const at = resolve(root);
  if (!existsSync(join(at, 'build', 'page', 'main.ts')) || !existsSync(join(at, 'node_modules'))) {
    throw new CliError(EXIT.badInput, `--against ${safeText(root)}: expected a calm-eye checkout with build/page/main.ts and node_modules`);
  }
  const session = await load(at, 'browser-session.ts');
  const render = await load(at, 'render-scene.ts');
  const args = await load(at, 'ffmpeg-args.ts');
  const capture = await load(at, 'capture-frame.ts');
  const quality = Number(capture.JPEG_QUALITY) / 100;
  const imageExpression =
    typeof capture.canvasImageExpression === 'function'
      ? (capture.canvasImageExpression as (f: FrameFormat) => string)
      : (f: FrameFormat) => `window.__eye.image(${JSON.stringify(f)}, ${quality})`;
  return {
    label: label || relative(process.cwd(), at) || '.',
    root: at,
    createBrowserSession: session.createBrowserSession as BenchTree['createBrowserSession'],
    renderScene: render.renderScene as BenchTree['renderScene'],
    ffmpegArgs: args.ffmpegArgs as BenchTree['ffmpegArgs'],
    imageExpression,
    // Trees from before defaultFrameFormat sent JPEG.
    colourFormat: typeof capture.defaultFrameFormat === 'function' ? (capture.defaultFrameFormat as (p: 'color') => FrameFormat)('color') : 'jpeg',
    measure: await treeMeasure(at, render),
  };
}

/**
 * The mask options a tree's render measures with: its renderScene's pixelOptions where it exports it,
 * else (older trees, e.g. the picture issue's filing commit 6a8c3aa) its pixel proof's
 * DEFAULT_MASK_SCALE, the same default.
 */
async function treeMeasure(root: string, render: Record<string, unknown>): Promise<PixelMeasureOptions> {
  if (typeof render.pixelOptions === 'function') return (render.pixelOptions as (o: { measure?: PixelMeasureOptions | null }) => PixelMeasureOptions)({});
  const proof = await load(root, 'pixel-proof.ts');
  if (typeof proof.DEFAULT_MASK_SCALE !== 'number') throw new CliError(EXIT.badInput, `--against ${safeText(root)}: no pixelOptions or DEFAULT_MASK_SCALE to take its mask scale from`);
  return { maskScale: proof.DEFAULT_MASK_SCALE };
}
