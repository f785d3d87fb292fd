import type { Command } from 'commander';

/** Every command the CLI has. Each file registers one. */
export function registerCommands(_program: Command): void {
  // Commands are added here as they land.
}
