import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from './main.ts';
import { projectRoot } from '../node/io/project-root.ts';

/** The commands the README's "Commands" section lists, one `- \`eye NAME\`` line each, in order. */
function readmeCommands(readme: string): string[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Commands\n'));
  if (!section) throw new Error('README.md has no "## Commands" section');
  return [...section.matchAll(/^- `eye ([a-z][a-z-]*)`/gm)].map((m) => m[1]);
}

const readme = readFileSync(join(projectRoot(), 'README.md'), 'utf8');

describe("the README's command list", () => {
  it('names every command the CLI has, and no other', () => {
    const real = buildProgram().commands.map((c) => c.name());
    expect(real.length).toBeGreaterThan(10);
    expect([...readmeCommands(readme)].sort()).toEqual([...real].sort());
  });

  it("names every subcommand as `eye COMMAND SUB`", () => {
    for (const cmd of buildProgram().commands) {
      for (const sub of cmd.commands) expect(readme, `eye ${cmd.name()} ${sub.name()}`).toContain(`\`eye ${cmd.name()} ${sub.name()}\``);
    }
  });

  it('fails a list that lacks a command or names one the CLI does not have', () => {
    const real = buildProgram().commands.map((c) => c.name()).sort();
    const listed = readmeCommands('## Commands\n\n- `eye render` — films\n- `eye paint` — nothing\n\n## Next\n- `eye check`\n');
    expect(listed).toEqual(['render', 'paint']);
    expect(listed.sort()).not.toEqual(real);
  });
});
