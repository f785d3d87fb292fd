#!/usr/bin/env node
// Workflow lint: every file in .github/workflows is checked against GitHub Actions' workflow schema by
// action-validator (@action-validator/core: the validator compiled to WebAssembly with the schema built
// in, so it runs offline), which also resolves each job's `needs`; and every `npx eye <command>` or
// `node bin/eye.js <command>` a workflow runs must name a command the CLI registers (a renamed
// command would otherwise fail only on the CI service, after the shards had rendered).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';

const root = join(import.meta.dirname, '..', '..');
const { validateWorkflow } = createRequire(import.meta.url)('@action-validator/core');

/** The command names build/cli/commands registers (`.command('name')`). */
export function eyeCommands(commandsDir = join(root, 'build', 'cli', 'commands')) {
  const names = new Set();
  for (const f of readdirSync(commandsDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    for (const m of readFileSync(join(commandsDir, f), 'utf8').matchAll(/\.command\(\s*'([a-z][a-z-]*)/g)) names.add(m[1]);
  }
  return names;
}

/** One validation error as text: its path and what is wrong, the innermost reasons of a oneOf included. */
function describe(e) {
  const inner = (e.states ?? []).flatMap((s) => s.errors.map(describe));
  const where = e.location ? `line ${e.location.line}` : e.path || '/';
  // A oneOf's alternatives each fail: the first one (the form the author wrote: a job with steps) says why.
  return inner.length ? inner[0] : `${where}: ${e.detail ?? e.title}`;
}

/** Problems in one workflow's text, each `why` (no file name). */
export function lintWorkflow(text, commands = eyeCommands()) {
  const problems = validateWorkflow(text).errors.map(describe);
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/(?:\bnpx\s+eye|\bnode\s+bin\/eye\.js)\s+([a-z][a-z-]*)/g)) {
      if (!commands.has(m[1])) problems.push(`line ${i + 1}: eye ${m[1]}: no such command (the CLI has ${[...commands].sort().join(', ')})`);
    }
  });
  return problems;
}

/** Problems as `file: why` over every .yml/.yaml file of `dir` (a folder with none is itself a problem). */
export function lintWorkflows(dir = join(root, '.github', 'workflows')) {
  if (!existsSync(dir)) return [`${relative(root, dir) || dir}: no such folder`];
  const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort();
  if (files.length === 0) return [`${relative(root, dir) || dir}: no workflow file (.yml, .yaml)`];
  const commands = eyeCommands();
  return files.flatMap((f) => lintWorkflow(readFileSync(join(dir, f), 'utf8'), commands).map((p) => `${relative(root, join(dir, f))}: ${p}`));
}

if (process.argv[1] === import.meta.filename) {
  const dir = process.argv[2] ? join(process.cwd(), process.argv[2]) : undefined;
  const problems = lintWorkflows(dir);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`workflow lint: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log(`workflow lint: ok (${readdirSync(dir ?? join(root, '.github', 'workflows')).filter((f) => /\.ya?ml$/.test(f)).length} file(s))`);
}
