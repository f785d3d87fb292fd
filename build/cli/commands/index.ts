import type { Command } from 'commander';
import { registerRender } from './render.ts';

/** Every command the CLI has. Each file registers one. */
export function registerCommands(program: Command): void {
  // Commands are added here as they land.
  registerRender(program);
}
