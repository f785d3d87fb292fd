#!/usr/bin/env node
// Import rules: which folder of build/ may import which, written once. Every arrow points down: a
// folder names the folders below it that it may import, and the rules themselves may hold no cycle
// (checked below), so the layers read bottom to top. Folders are build/'s top-level ones, except:
// a job (build/jobs/<job>/) is two folders side by side, its platform-free half core/ and its Node
// half node/ (jobs/check/core, jobs/check/node); and build/core/<x> and build/node/<x>, the shared
// layers below the jobs (core/hash, node/io, …), are each a folder of their own. Imports inside one
// folder are free. A platform-free folder's rule may name only platform-free folders (checked below,
// so a job's core/ can never be granted its node/, build/node or build/cli), and
// build/tools/lint-platform.mjs holds its files to no Node built-in, package or global. Tests
// (*.test.ts) run in Node and may import anything; so may build/tools. A folder missing from RULES
// fails too: a new folder says where it sits before anything may import it. An entry of `may` that is
// a file (`render/mask-contract.ts`) lets the folder import that one file of another folder and nothing
// else of it: a declared face.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** Every folder a production file may import (cli's and testing's lists). */
const PRODUCTION = [
  'errors', 'spec', 'options', 'scene', 'model', 'render', 'measure', 'report', 'page',
  'jobs/arkit/core', 'jobs/bench/core', 'core/browser', 'jobs/cache/core', 'jobs/check/core', 'jobs/compare/core', 'core/hash', 'core/shape', 'core/video', 'jobs/ledger/core',
  'jobs/diff/core', 'jobs/picture/core', 'jobs/render/core', 'jobs/report/core', 'jobs/shard/core', 'jobs/stills/core',
  'node/io', 'node/browser', 'node/ffmpeg', 'jobs/ledger/node', 'jobs/cache/node', 'jobs/stills/node', 'jobs/check/node', 'jobs/shard/node',
  'jobs/render/node', 'jobs/bench/node', 'jobs/compare/node', 'jobs/diff/node', 'jobs/picture/node', 'jobs/report/node', 'jobs/measure/node', 'jobs/arkit/node',
];

/** What the measurement may rely on of the renderer (the mask classes, the eye frame, the brow, the lash spring). */
const MASK_CONTRACT = 'render/mask-contract.ts';

/** Folder → the folders (or single files) it may import, and why it sits where it does. */
export const RULES = {
  errors: { may: [], why: 'exit codes and one-line messages: anything may throw them' },
  spec: { may: [], why: "eye.md's numbers, written once" },
  options: { may: [], why: "a flag's declaration and its validators, shared by the CLI and the platform-free modules that declare flags" },
  scene: { may: ['errors', 'spec'], why: 'scene files: each option declared once, validated' },
  model: { may: ['scene', 'spec'], why: 'the pure eye: no DOM, no Node, nothing drawn' },
  render: { may: ['model', 'scene', 'spec'], why: 'draws a model sample on a canvas; knows nothing of the page that hosts it' },
  measure: { may: ['model', MASK_CONTRACT, 'scene', 'spec', 'options'], why: "detectors and metrics; of the renderer, only its mask contract" },
  report: { may: ['errors', 'measure', 'model', 'scene'], why: 'text tables and the report page, pure functions of data' },
  page: { may: ['core/hash', 'core/video', 'measure', 'model', 'render', 'scene', 'spec'], why: "the page entry: model + renderer + the window.__eye protocol (core/video: the frame as the film's own I420)" },
  'core/hash': { may: [], why: 'sha256 that runs in the page and in Node' },
  'core/shape': { may: [], why: "an untrusted file's object checked for exactly its keys, wherever it is read" },
  'core/video': { may: [], why: "a frame's pixels converted as the films' encoder converts them, and carried as what changed, in the page or in Node" },
  'jobs/arkit/core': { may: ['model', 'spec'], why: 'the layered gaze rig and the ARKit columns' },
  'jobs/bench/core': { may: [], why: "/proc's stat line, parsed" },
  'core/browser': { may: ['page'], why: "Chromium's flags and the page's HTML" },
  'jobs/cache/core': { may: [], why: 'byte sizes' },
  'jobs/check/core': { may: ['measure', 'model', MASK_CONTRACT, 'scene', 'spec'], why: "the face and physiology checks; of the renderer, only its mask contract (the lash spring, the brow's drawn lift)" },
  'jobs/compare/core': { may: ['jobs/ledger/core', 'jobs/shard/core', 'measure', 'model', 'report', 'scene'], why: "panels' numbers, labels, the ledger check and the clips' shards" },
  'jobs/ledger/core': { may: [], why: "a ledger line's shape" },
  'jobs/diff/core': { may: ['errors', 'measure', 'scene'], why: "eye diff's pure half: ffmpeg's ssim/psnr arguments and stats, the changed stretches" },
  'jobs/picture/core': { may: ['model', 'scene'], why: "the picture test's plan" },
  'jobs/render/core': { may: ['model', 'scene'], why: "trace.json, --jobs' default, YUV differences" },
  'jobs/report/core': { may: ['jobs/diff/core'], why: "the screenshot's strips" },
  'jobs/shard/core': { may: ['scene'], why: 'balanced bins' },
  'jobs/stills/core': { may: ['model'], why: 'still times, moments, decode arguments' },
  'node/io': { may: ['errors', 'scene'], why: 'files and folders, containment, content keys: the floor of the Node side' },
  'node/browser': { may: ['core/browser', 'core/video', 'errors', 'measure', 'model', 'node/io', 'page', 'scene'], why: 'launching Chromium and driving the page (core/video: a POSTed frame rebuilt from its changes)' },
  'node/ffmpeg': { may: ['core/video', 'errors', 'node/browser', 'node/io'], why: 'finding ffmpeg, its arguments, probing a film: shared by render, stills, shards, compare' },
  'jobs/ledger/node': { may: ['jobs/ledger/core', 'errors', 'node/io', 'report'], why: 'ledger.jsonl' },
  'jobs/cache/node': { may: ['jobs/cache/core', 'errors', 'measure', 'node/browser', 'node/ffmpeg', 'node/io', 'page', 'report', 'scene'], why: 'the content-addressed store and the keys of what it holds' },
  'jobs/stills/node': { may: ['jobs/stills/core', 'errors', 'model', 'node/ffmpeg', 'node/io'], why: 'frames decoded from a film' },
  'jobs/check/node': { may: ['jobs/check/core', 'errors', 'measure', 'model', 'jobs/cache/node', 'node/io', 'jobs/ledger/node', 'report', 'scene'], why: 'eye check: simulation in Node, no browser' },
  'jobs/shard/node': { may: ['jobs/shard/core', 'errors', 'jobs/cache/node', 'node/ffmpeg', 'node/io', 'jobs/ledger/node'], why: "shards' manifests and eye merge" },
  'jobs/render/node': {
    may: ['core/browser', 'core/shape', 'jobs/cache/core', 'jobs/ledger/core', 'jobs/render/core', 'jobs/shard/core', 'errors', 'measure', 'model', 'node/browser', 'jobs/cache/node', 'jobs/check/node', 'node/ffmpeg', 'node/io', 'jobs/ledger/node', 'jobs/shard/node', 'jobs/stills/node', 'options', 'page', 'report', 'scene'],
    why: 'eye render: the job that uses most of the Node side (its flags are declared beside it: the type it runs with)',
  },
  'jobs/bench/node': { may: ['jobs/bench/core', 'jobs/render/core', 'errors', 'measure', 'model', 'node/browser', 'node/ffmpeg', 'jobs/cache/node', 'node/io', 'jobs/render/node', 'page', 'scene'], why: 'eye bench times the render (and keeps the era spread it is held to in the project cache)' },
  'jobs/compare/node': { may: ['jobs/compare/core', 'errors', 'measure', 'model', 'jobs/cache/node', 'node/ffmpeg', 'node/io', 'jobs/ledger/node', 'jobs/render/node', 'page', 'render', 'scene'], why: "eye compare renders its panels (a held panel reads the page's sample feed and the era's grain to know it holds still)" },
  'jobs/picture/node': { may: ['core/browser', 'jobs/picture/core', 'errors', 'measure', 'model', 'node/browser', 'node/io', 'jobs/render/node', 'render', 'report', 'scene'], why: 'eye picture draws lossless frames' },
  'jobs/report/node': { may: ['jobs/report/core', 'errors', 'measure', 'node/browser', 'jobs/cache/node', 'jobs/check/node', 'node/io', 'jobs/ledger/node', 'report', 'scene'], why: 'eye report reads what the others wrote' },
  'jobs/diff/node': { may: ['jobs/diff/core', 'errors', 'measure', 'jobs/cache/node', 'jobs/compare/node', 'node/ffmpeg', 'node/io', 'jobs/render/node', 'jobs/report/node', 'scene'], why: "eye diff's picture half: per-frame SSIM/PSNR, the review clip, stills" },
  'jobs/measure/node': { may: ['errors', 'measure', 'node/io'], why: 'eye measure: a recording read as a stream' },
  'jobs/arkit/node': { may: ['jobs/arkit/core', 'errors', 'model', 'node/io', 'scene', 'spec'], why: 'eye export-arkit' },
  cli: { may: PRODUCTION, why: "commander: each command's flags, then its job" },
  testing: { may: PRODUCTION, why: 'helpers only tests use; production code never imports them' },
  tools: { may: [...PRODUCTION, 'testing'], why: 'dev tools (lints, bundler, benches)' },
};

/** Top-level folders whose code must run in the page as well as in Node (read by the platform lint), besides every job's core/. */
export const PLATFORM_FREE = ['model', 'measure', 'spec', 'options', 'scene', 'render', 'report', 'errors', 'core', 'page'];

/** The halves a job folder holds: core/ (platform-free) and node/ (Node's). */
export const JOB_HALVES = ['core', 'node'];

/** Whether an entry of `may` names one file rather than a folder. */
export function isFile(entry) {
  return /\.(ts|mjs)$/.test(entry);
}

/** The rule folder a path under build/ belongs to: build/jobs/render/node/x.ts → jobs/render/node, build/node/io/x.ts → node/io. */
export function folderOf(relPath) {
  const parts = relPath.split(sep).join('/').split('/');
  if (parts[0] === 'jobs' && parts.length > 3) return parts.slice(0, 3).join('/');
  if ((parts[0] === 'core' || parts[0] === 'node') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0];
}

/** Whether a rule folder's code must run anywhere: a platform-free top-level folder or a job's core/. */
export function isPlatformFree(folder) {
  const parts = folder.split('/');
  if (parts[0] === 'jobs') return parts.length === 3 && parts[2] === 'core';
  return PLATFORM_FREE.includes(parts[0]);
}

/** Rules that let a platform-free folder import a Node-side one, as "a → b" lines (a job's core/ granted its node/, …). */
export function platformLeaks(rules = RULES) {
  return Object.entries(rules).flatMap(([from, r]) => (isPlatformFree(from) ? r.may.filter((to) => !isPlatformFree(to)).map((to) => `${from} → ${to}`) : []));
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
    for (const g of rules[f]?.may ?? []) visit(isFile(g) ? folderOf(g) : g, [...path, f]);
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
  const problems = [
    ...ruleCycles(rules).map((c) => `build/tools/import-rules.mjs: the rules hold a cycle: ${c}`),
    ...platformLeaks(rules).map((l) => `build/tools/import-rules.mjs: a platform-free folder may import only platform-free ones: ${l}`),
  ];
  const unknown = new Set();
  const base = dirname(buildDir);
  for (const file of sources(buildDir)) {
    const from = folderOf(relative(buildDir, file));
    const parts = from.split('/');
    if (parts[0] === 'jobs' && !JOB_HALVES.includes(parts[2] ?? '')) {
      if (!unknown.has(from)) problems.push(`${relative(base, file)}: a job holds only core/ (platform-free) and node/ (Node's): build/jobs/<job>/core or build/jobs/<job>/node`);
      unknown.add(from);
      continue;
    }
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
      if (to === from || rules[from].may.includes(to) || rules[from].may.includes(target.split(sep).join('/'))) continue;
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
