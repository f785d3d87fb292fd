import type { Command } from 'commander';
import { RENDER_OPTIONS } from '../../jobs/render/node/render-options.ts';
import { declareOptions, parseOptions } from '../option-spec.ts';

/** `eye render [scene…]`: films, traces and summaries into proof/<scene>/. */
export function registerRender(program: Command): void {
  const cmd = program
    .command('render')
    .description(
      "Render scenes in headless Chromium frame by frame into proof/<scene>/ (film.mp4, trace.json, pixels.json, assertions.json, summary.json), measuring every frame from its mask pass; exits 1 when a film's pixels disagree with its model. No scene named: every scene under scenes/.",
    )
    .argument('[scenes...]', 'scene names (1970-script) or paths to scene files');
  declareOptions(cmd, RENDER_OPTIONS).action(async (names: string[], raw: Record<string, unknown>) => {
    // The implementation is loaded when the command runs, not when the CLI starts (every command's start-up pays for what it imports).
    const { runRender } = await import('../../jobs/render/node/run-render.ts');
    process.exitCode = await runRender(names, parseOptions(RENDER_OPTIONS, raw), process.argv.slice(3));
  });
}
