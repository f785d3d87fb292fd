#!/usr/bin/env node
// Import rules: which folder of build/ may import which, written once. Every arrow points down: a
// folder names the folders below it that it may import, and the rules themselves may hold no cycle
// (checked below), so the layers read bottom to top. Folders are build/'s top-level ones, except
// build/core and build/node, whose job folders (build/node/render, build/core/check, …) are each a
// folder of their own. Imports inside one folder are free. Tests (*.test.ts) run in Node and may
// import anything; so may build/tools. A folder missing from RULES fails too: a new folder says
// where it sits before anything may import it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** Every folder a production file may import (cli's and testing's lists). */
const PRODUCTION = [
  'errors', 'spec', 'options', 'scene', 'model', 'render', 'measure', 'report', 'page',
  'core/arkit', 'core/bench', 'core/browser', 'core/cache', 'core/check', 'core/compare', 'core/hash', 'core/ledger',
  'core/diff', 'core/picture', 'core/render', 'core/report', 'core/shard', 'core/stills',
  'node/io', 'node/browser', 'node/ffmpeg', 'node/ledger', 'node/cache', 'node/stills', 'node/check', 'node/shard',
  'node/render', 'node/bench', 'node/compare', 'node/diff', 'node/picture', 'node/report', 'node/measure', 'node/arkit',
];

/** Folder → the folders it may import, and why it sits where it does. */
export const RULES = {
  errors: { may: [], why: 'exit codes and one-line messages: anything may throw them' },
  spec: { may: [], why: "eye.md's numbers, written once" },
  options: { may: [], why: "a flag's declaration and its validators, shared by the CLI and the platform-free modules that declare flags" },
  scene: { may: ['errors', 'spec'], why: 'scene files: each option declared once, validated' },
  model: { may: ['scene', 'spec'], why: 'the pure eye: no DOM, no Node, nothing drawn' },
  render: { may: ['model', 'scene', 'spec'], why: 'draws a model sample on a canvas; knows nothing of the page that hosts it' },
  measure: { may: ['model', 'render', 'scene', 'spec', 'options'], why: "detectors and metrics; reads the renderer's mask contract" },
  report: { may: ['errors', 'measure', 'model', 'scene'], why: 'text tables and the report page, pure functions of data' },
  page: { may: ['core/hash', 'measure', 'model', 'render', 'scene', 'spec'], why: 'the page entry: model + renderer + the window.__eye protocol' },
  'core/hash': { may: [], why: 'sha256 that runs in the page and in Node' },
  'core/arkit': { may: ['model', 'spec'], why: 'the layered gaze rig and the ARKit columns' },
  'core/bench': { may: [], why: "/proc's stat line, parsed" },
  'core/browser': { may: ['page'], why: "Chromium's flags and the page's HTML" },
  'core/cache': { may: [], why: 'byte sizes' },
  'core/check': { may: ['measure', 'model', 'render', 'scene', 'spec'], why: 'the face and physiology checks' },
  'core/compare': { may: ['core/ledger', 'core/shard', 'measure', 'model', 'report', 'scene'], why: "panels' numbers, labels, the ledger check and the clips' shards" },
  'core/ledger': { may: [], why: "a ledger line's shape" },
  'core/diff': { may: ['errors', 'measure', 'scene'], why: "eye diff's pure half: ffmpeg's ssim/psnr arguments and stats, the changed stretches" },
  'core/picture': { may: ['model', 'scene'], why: "the picture test's plan" },
  'core/render': { may: ['model', 'scene'], why: "trace.json, --jobs' default, YUV differences" },
  'core/report': { may: ['core/diff'], why: "the screenshot's strips" },
  'core/shard': { may: ['scene'], why: 'balanced bins' },
  'core/stills': { may: ['model'], why: 'still times, moments, decode arguments' },
  'node/io': { may: ['errors', 'scene'], why: 'files and folders, containment, content keys: the floor of the Node side' },
  'node/browser': { may: ['core/browser', 'errors', 'measure', 'model', 'node/io', 'page', 'scene'], why: 'launching Chromium and driving the page' },
  'node/ffmpeg': { may: ['errors', 'node/browser', 'node/io'], why: 'finding ffmpeg, its arguments, probing a film: shared by render, stills, shards, compare' },
  'node/ledger': { may: ['core/ledger', 'errors', 'node/io', 'report'], why: 'ledger.jsonl' },
  'node/cache': { may: ['core/cache', 'errors', 'measure', 'node/browser', 'node/ffmpeg', 'node/io', 'page', 'report', 'scene'], why: 'the content-addressed store and the keys of what it holds' },
  'node/stills': { may: ['core/stills', 'errors', 'model', 'node/ffmpeg', 'node/io'], why: 'frames decoded from a film' },
  'node/check': { may: ['core/check', 'errors', 'measure', 'model', 'node/cache', 'node/io', 'node/ledger', 'report', 'scene'], why: 'eye check: simulation in Node, no browser' },
  'node/shard': { may: ['core/shard', 'errors', 'node/cache', 'node/ffmpeg', 'node/io', 'node/ledger'], why: "shards' manifests and eye merge" },
  'node/render': {
    may: ['core/browser', 'core/cache', 'core/ledger', 'core/render', 'core/shard', 'errors', 'measure', 'model', 'node/browser', 'node/cache', 'node/check', 'node/ffmpeg', 'node/io', 'node/ledger', 'node/shard', 'node/stills', 'options', 'page', 'report', 'scene'],
    why: 'eye render: the job that uses most of the Node side (its flags are declared beside it: the type it runs with)',
  },
  'node/bench': { may: ['core/bench', 'core/render', 'errors', 'measure', 'model', 'node/browser', 'node/ffmpeg', 'node/io', 'node/render', 'page', 'scene'], why: 'eye bench times the render' },
  'node/compare': { may: ['core/compare', 'errors', 'measure', 'model', 'node/cache', 'node/ffmpeg', 'node/io', 'node/ledger', 'node/render', 'page', 'render', 'scene'], why: "eye compare renders its panels (a held panel reads the page's sample feed and the era's grain to know it holds still)" },
  'node/picture': { may: ['core/browser', 'core/picture', 'errors', 'measure', 'model', 'node/browser', 'node/io', 'node/render', 'render', 'report', 'scene'], why: 'eye picture draws lossless frames' },
  'node/report': { may: ['core/report', 'errors', 'measure', 'node/browser', 'node/cache', 'node/check', 'node/io', 'node/ledger', 'report', 'scene'], why: 'eye report reads what the others wrote' },
  'node/diff': { may: ['core/diff', 'errors', 'measure', 'node/cache', 'node/compare', 'node/ffmpeg', 'node/io', 'node/render', 'node/report', 'scene'], why: "eye diff's picture half: per-frame SSIM/PSNR, the review clip, stills" },
  'node/measure': { may: ['errors', 'measure', 'node/io'], why: 'eye measure: a recording read as a stream' },
  'node/arkit': { may: ['core/arkit', 'errors', 'model', 'node/io', 'scene', 'spec'], why: 'eye export-arkit' },
  cli: { may: PRODUCTION, why: "commander: each command's flags, then its job" },
  testing: { may: PRODUCTION, why: 'helpers only tests use; production code never imports them' },
  tools: { may: [...PRODUCTION, 'testing'], why: 'dev tools (lints, bundler, benches)' },
};

/** The folders whose code must run in the page as well as in Node (read by the platform lint). */
export const PLATFORM_FREE = ['model', 'measure', 'spec', 'options', 'scene', 'render', 'report', 'errors', 'core', 'page'];

/** The rule folder a path under build/ belongs to: build/node/render/x.ts → node/render. */
export function folderOf(relPath) {
  const parts = relPath.split(sep).join('/').split('/');
  if ((parts[0] === 'core' || parts[0] === 'node') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0];
}

/** Every relative module specifier a file names (static and type imports, re-exports, dynamic imports), with its 1-based line. */
export function relativeSpecifiers(src) {
  const out = [];
  const re = /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g;
  for (const m of src.matchAll(re)) {
    const spec = m[1] ?? m[2];
    if (!spec.startsWith('.')) continue;
    const at = m.index + m[0].lastIndexOf(spec);
    out.push({ spec, line: src.slice(0, at).split('\n').length });
  }
  return out;
}

/** Cycles in the rules themselves, as "a → b → a" lines (a rule that lets two folders import each other). */
export function ruleCycles(rules = RULES) {
  const cycles = [];
  const state = new Map();
  const visit = (f, path) => {
    if (state.get(f) === 'done') return;
    if (state.get(f) === 'open') {
      cycles.push([...path.slice(path.indexOf(f)), f].join(' → '));
      return;
    }
    state.set(f, 'open');
    for (const g of rules[f]?.may ?? []) visit(g, [...path, f]);
    state.set(f, 'done');
  };
  for (const f of Object.keys(rules)) visit(f, []);
  return cycles;
}

function* sources(dir) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* sources(p);
    else if (/\.(ts|mjs)$/.test(p) && !p.endsWith('.test.ts')) yield p;
  }
}

/** Problems as `file:line: why`, over every source under `buildDir` (a test passes its own build/). */
export function lintImports(buildDir = join(root, 'build'), rules = RULES) {
  const problems = ruleCycles(rules).map((c) => `build/tools/import-rules.mjs: the rules hold a cycle: ${c}`);
  const unknown = new Set();
  const base = dirname(buildDir);
  for (const file of sources(buildDir)) {
    const from = folderOf(relative(buildDir, file));
    if (!rules[from]) {
      if (!unknown.has(from)) problems.push(`${join('build', from)}: not in the import rules (build/tools/import-rules.mjs): say what it may import`);
      unknown.add(from);
      continue;
    }
    if (from === 'tools') continue;
    for (const { spec, line } of relativeSpecifiers(readFileSync(file, 'utf8'))) {
      const target = relative(buildDir, resolve(dirname(file), spec));
      if (target.startsWith('..')) continue;
      const to = folderOf(target);
      if (to === from || rules[from].may.includes(to)) continue;
      if (!rules[to]) {
        problems.push(`${relative(base, file)}:${line}: imports ${join('build', target)}, in build/${to}, which is not in the import rules`);
        continue;
      }
      const allowed = rules[from].may.length > 0 ? rules[from].may.map((f) => `build/${f}`).join(', ') : 'nothing else in build/';
      problems.push(`${relative(base, file)}:${line}: imports ${join('build', target)}, but build/${from} may import only ${allowed}`);
    }
  }
  return problems;
}

if (process.argv[1] === import.meta.filename) {
  const buildDir = process.argv[2] ? resolve(process.argv[2]) : join(root, 'build');
  if (!existsSync(buildDir)) {
    console.error(`import rules: no such folder ${buildDir}`);
    process.exit(2);
  }
  const problems = lintImports(buildDir);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`import rules: ${problems.length} problem(s); the rules are build/tools/import-rules.mjs`);
    process.exit(1);
  }
  console.log('import rules: ok');
}
