#!/usr/bin/env node
// Platform lint: the platform-free folders run in the page (a browser) as well as in Node, so their
// code must not reach for Node: no Node built-in (node:fs, path, …), no Node-only package (puppeteer,
// sharp, ffmpeg, esbuild, …), no Node global (process, Buffer, __dirname), and no import of a file in
// a Node-side folder (build/node, a job's node/ half, build/cli, …), which would bring all of those in
// behind it. Checked per file, so a chain of imports is caught at its first Node link. Tests run in
// Node and are exempt.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

import { folderOf, isPlatformFree, PLATFORM_FREE } from './import-rules.mjs';

const root = join(import.meta.dirname, '..', '..');
/** Folders whose code must run anywhere (the model, the measurement, the drawing, their shared parts); listed beside the import rules. */
export { PLATFORM_FREE };

/** The platform-free folders of a build/: PLATFORM_FREE's and every job's core/ half. */
export function platformFreeDirs(buildDir = join(root, 'build')) {
  const jobs = join(buildDir, 'jobs');
  const halves = existsSync(jobs) ? readdirSync(jobs).sort().map((j) => join(jobs, j, 'core')).filter((d) => existsSync(d)) : [];
  return [...PLATFORM_FREE.map((d) => join(buildDir, d)), ...halves];
}
/** The project's packages that only run in Node (package.json's dependencies, and the test runner). */
const NODE_ONLY_PACKAGES = ['commander', 'esbuild', 'fluent-ffmpeg', 'puppeteer', 'puppeteer-core', 'sharp', 'tsx', 'vitest', 'vite'];
const BUILTINS = new Set(builtinModules);
const GLOBALS = [
  [/(?<![\w.$])process\s*\./, 'process is Node\'s (pass what is needed in as a value)'],
  [/(?<![\w.$])Buffer\b/, 'Buffer is Node\'s (use Uint8Array)'],
  [/(?<![\w.$])(__dirname|__filename)\b|import\.meta\.(dirname|filename)\b/, 'file paths are Node\'s'],
  [/(?<![\w.$])require\s*\(/, 'require is Node\'s'],
];

/** Every module specifier a file names: static and type imports, re-exports, side-effect and dynamic imports. */
export function specifiers(src) {
  const out = [];
  const re = /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)|\brequire\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g;
  for (const m of src.matchAll(re)) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

/** The code without comments and string contents (so a word in a doc or a message is not a use). */
function codeOnly(src) {
  return src
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''");
}

/** Why a specifier reaches Node, or null. */
function nodeImport(spec, file, buildDir) {
  const bare = spec.replace(/^node:/, '');
  if (spec.startsWith('node:') || BUILTINS.has(bare) || BUILTINS.has(bare.split('/')[0])) return `imports the Node built-in ${spec}`;
  if (!spec.startsWith('.')) {
    const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
    if (NODE_ONLY_PACKAGES.includes(pkg)) return `imports the Node-only package ${spec}`;
    return null;
  }
  const target = relative(buildDir, resolve(dirname(file), spec));
  // Outside build/ (package.json, …) is not code of either side; a folder the rules lack is theirs to fail.
  if (target.startsWith('..')) return null;
  const folder = folderOf(target);
  if (!isPlatformFree(folder)) return `imports ${join('build', target)}, which is Node-side (build/${folder})`;
  return null;
}

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) yield p;
  }
}

/**
 * Problems as `file:line: why`, over the given folders (default: every platform-free folder under
 * build/); `buildDir` is the build/ a relative import is placed in (a test passes its own).
 */
export function lintPlatform(dirs = platformFreeDirs(), buildDir = join(root, 'build')) {
  const problems = [];
  for (const dir of dirs.filter((d) => existsSync(d))) {
    for (const file of files(dir)) {
      const src = readFileSync(file, 'utf8');
      const lines = src.split('\n');
      const where = (needle) => {
        const i = lines.findIndex((l) => l.includes(needle));
        return `${relative(root, file)}:${i + 1}`;
      };
      for (const spec of specifiers(src)) {
        const why = nodeImport(spec, file, buildDir);
        if (why) problems.push(`${where(spec)}: ${why}`);
      }
      codeOnly(src)
        .split('\n')
        .forEach((line, i) => {
          for (const [re, why] of GLOBALS) if (re.test(line)) problems.push(`${relative(root, file)}:${i + 1}: ${why}`);
        });
    }
  }
  return problems;
}

if (process.argv[1] === import.meta.filename) {
  const problems = lintPlatform(process.argv.length > 2 ? process.argv.slice(2).map((d) => resolve(d)) : undefined);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`platform lint: ${problems.length} problem(s) in platform-free code (${PLATFORM_FREE.map((d) => `build/${d}`).join(', ')}, build/jobs/*/core)`);
    process.exit(1);
  }
  console.log('platform lint: ok');
}
