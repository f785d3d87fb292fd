#!/usr/bin/env node
// Moves folders of build/ with `git mv` and rewrites every path that names a moved file: relative
// specifiers and relative path strings ('../x.ts', './fixtures/a.json') in build/'s sources, and
// root-relative ones ('build/node/check/x.ts', in code, comments and, with --docs, docs/ and .ci/).
// Only paths are rewritten, nothing else, so a move stays a commit git's rename detection follows.
//
// Run again after merging a branch that added files to an old folder or imports from one: files
// still in an old folder are moved, and a specifier that names nothing where it stands is read from
// where its file used to be and pointed at where that target is now. Usage:
//   node build/tools/move-folders.mjs [--dry] [--docs]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** old folder → new folder, under build/ (issue 23: one job in one place, its two halves side by side). */
export const FOLDER_MOVES = [
  ...['arkit', 'bench', 'cache', 'check', 'compare', 'diff', 'ledger', 'picture', 'render', 'report', 'shard', 'stills'].map((j) => [`core/${j}`, `jobs/${j}/core`]),
  ...['arkit', 'bench', 'cache', 'check', 'compare', 'diff', 'ledger', 'measure', 'picture', 'render', 'report', 'shard', 'stills'].map((j) => [`node/${j}`, `jobs/${j}/node`]),
];

/** Each command's entry file, named one way: run-<command>.ts (its test beside it), after the folder moves. */
export const ENTRY_RENAMES = [
  ['jobs/check/node/check-command', 'jobs/check/node/run-check'],
  ['jobs/check/node/pick-seeds-command', 'jobs/check/node/run-pick-seeds'],
  ['jobs/arkit/node/export-arkit', 'jobs/arkit/node/run-export-arkit'],
  ['jobs/stills/node/look-film', 'jobs/stills/node/run-look'],
  ['jobs/stills/node/look-moments', 'jobs/stills/node/run-look-moments'],
  ['jobs/measure/node/measure-file', 'jobs/measure/node/run-measure'],
  // The picture test of one scene's frames was run-picture.ts: it gives its name to the command's entry.
  ['jobs/picture/node/run-picture', 'jobs/picture/node/picture-scene'],
  ['jobs/picture/node/picture-command', 'jobs/picture/node/run-picture'],
  ['jobs/report/node/write-report', 'jobs/report/node/run-report'],
  ['jobs/cache/node/cache-listing', 'jobs/cache/node/run-cache-list'],
  ['jobs/cache/node/prune-command', 'jobs/cache/node/run-cache-prune'],
  ['jobs/ledger/node/ledger-command', 'jobs/ledger/node/run-ledger'],
  ['jobs/shard/node/merge-shards', 'jobs/shard/node/run-merge'],
].flatMap(([a, b]) => [[`${a}.ts`, `${b}.ts`], [`${a}.test.ts`, `${b}.test.ts`]]);

export const MOVES = [...FOLDER_MOVES, ...ENTRY_RENAMES];

/** A build/-relative path moved by `moves`, applied in order (a folder's move, then a rename inside it), or unchanged. */
export function movedPath(p, moves = MOVES) {
  for (const [from, to] of moves) if (p === from || p.startsWith(`${from}/`)) p = to + p.slice(from.length);
  return p;
}

/** Where a build/-relative path was before `moves` (the inverse of movedPath), or unchanged. */
export function formerPath(p, moves = MOVES) {
  for (const [from, to] of [...moves].reverse()) if (p === to || p.startsWith(`${to}/`)) p = from + p.slice(to.length);
  return p;
}

function* walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else yield p;
  }
}

const posix = (p) => p.split('\\').join('/');
const TEXT = /\.(ts|mts|mjs|js|json|md|py|sh)$/;

/**
 * Every rewrite and move for the build/ at `buildDir`: { moves: [old, new][] (build/-relative
 * files), writes: Map(new build/-relative path → text) }. Nothing is touched.
 */
export function plan(buildDir, moves = MOVES) {
  const before = [...walk(buildDir)].map((f) => posix(relative(buildDir, f)));
  moves = unchained(moves, new Set(before));
  const after = new Set(before.map((f) => movedPath(f, moves)));
  const afterDirs = new Set();
  for (const f of after) for (let d = dirname(f); d !== '.'; d = dirname(d)) afterDirs.add(d);
  const existsAfter = (p) => after.has(p) || afterDirs.has(p);
  const fileMoves = before.filter((f) => movedPath(f, moves) !== f).map((f) => [f, movedPath(f, moves)]);
  const writes = new Map();
  for (const old of before.filter((f) => TEXT.test(f))) {
    const now = movedPath(old, moves);
    const src = readFileSync(join(buildDir, old), 'utf8');
    const out = rewrite(src, old, now, (p) => (p.startsWith('..') ? existsSync(join(buildDir, p)) : existsAfter(p)), moves);
    if (out !== src || now !== old) writes.set(now, out);
  }
  return { moves: fileMoves, writes };
}

/**
 * `moves` less each one that a run before made: a move whose source is another move's target and
 * whose own target is already there (run-picture.ts gave its name to the command's entry, and a
 * second run must leave the new run-picture.ts where it is). Its target, not the other move's source,
 * tells: a tree from before the folder moves holds picture-command.ts under node/picture/, and one
 * with no picture-command.test.ts still has its run-picture.test.ts to move to picture-scene.test.ts.
 */
function unchained(moves, files) {
  const made = (p) => files.has(p) || [...files].some((f) => f.startsWith(`${p}/`));
  return moves.filter(([a, b]) => !(made(b) && moves.some(([, d]) => d === a)));
}

/** Carries out a plan in a plain folder (no git: a test's copy of the tree). */
export function applyPlan(buildDir, { moves, writes }) {
  for (const [a] of moves) renameSync(join(buildDir, a), join(buildDir, `${a}.moving`));
  for (const [a, b] of moves) {
    mkdirSync(dirname(join(buildDir, b)), { recursive: true });
    renameSync(join(buildDir, `${a}.moving`), join(buildDir, b));
  }
  for (const [p, text] of writes) writeFileSync(join(buildDir, p), text);
}

/** `src` (the file `old`, to be `now`, build/-relative) with every path in it pointing where its target will be. */
export function rewrite(src, old, now, existsAfter, moves = MOVES) {
  const relativeOnes = src.replace(/(['"`])(\.\.?\/[^'"`$\n]*)\1/g, (whole, q, spec) => {
    // Read from where the file stands now; failing that (a file carried by a merge), from where it was.
    for (const from of [old, formerPath(old, moves)]) {
      const target = posix(join(dirname(from), spec));
      // Outside build/ (package.json, scenes/): it stays, only the way there changes.
      const moved = target.startsWith('..') ? target : movedPath(target, moves);
      if (!existsAfter(moved)) continue;
      let next = posix(relative(dirname(now), moved));
      if (!next.startsWith('.')) next = `./${next}`;
      if (spec.endsWith('/') && !next.endsWith('/')) next += '/';
      return `${q}${next}${q}`;
    }
    return whole;
  });
  return rootRelative(relativeOnes, existsAfter, moves);
}

/** `src` with each root-relative build/… path of a moved file or folder renamed. */
export function rootRelative(src, existsAfter, moves = MOVES) {
  return src.replace(/\bbuild\/((?:core|node|jobs)\/[\w.\-/]*[\w])/g, (whole, p) => {
    const moved = movedPath(p, moves);
    return moved !== p && existsAfter(moved) ? `build/${moved}` : whole;
  });
}

if (process.argv[1] === import.meta.filename) {
  const dry = process.argv.includes('--dry');
  const buildDir = join(root, 'build');
  const { moves, writes } = plan(buildDir);
  // The rule files and their tests name build/core and build/node in made-up trees: edited by hand.
  for (const keep of ['tools/import-rules.mjs', 'tools/import-rules.test.ts', 'tools/lint-platform.mjs', 'tools/lint-platform.test.ts', 'tools/move-folders.mjs', 'tools/move-folders.test.ts']) writes.delete(keep);
  const docs = [];
  if (process.argv.includes('--docs')) {
    const after = new Set([...walk(buildDir)].map((f) => movedPath(posix(relative(buildDir, f)))));
    const dirs = new Set([...after].flatMap((f) => { const out = []; for (let d = dirname(f); d !== '.'; d = dirname(d)) out.push(d); return out; }));
    for (const f of [...walk(join(root, 'docs')), join(root, '.ci', 'run')].filter((f) => existsSync(f))) {
      const src = readFileSync(f, 'utf8');
      const out = rootRelative(src, (p) => after.has(p) || dirs.has(p));
      if (out !== src) docs.push([f, out]);
    }
  }
  console.log(`${moves.length} file(s) to move, ${[...writes.keys()].length} file(s) to write, ${docs.length} doc(s)`);
  if (dry) {
    for (const [a, b] of moves) console.log(`  build/${a} → build/${b}`);
    process.exit(0);
  }
  const tracked = new Set(execFileSync('git', ['ls-files', 'build'], { cwd: root, encoding: 'utf8' }).split('\n'));
  // Each file by way of a name nothing has, so a file may take the name another one leaves.
  const mv = (a, b, git) => (git ? execFileSync('git', ['mv', join('build', a), join('build', b)], { cwd: root }) : renameSync(join(buildDir, a), join(buildDir, b)));
  for (const [a] of moves) mv(a, `${a}.moving`, tracked.has(`build/${a}`));
  for (const [a, b] of moves) {
    mkdirSync(dirname(join(buildDir, b)), { recursive: true });
    mv(`${a}.moving`, b, tracked.has(`build/${a}`));
  }
  for (const [p, text] of writes) writeFileSync(join(buildDir, p), text);
  for (const [f, text] of docs) writeFileSync(f, text);
  // Folders the moves emptied.
  for (const [from] of FOLDER_MOVES) {
    const d = join(buildDir, from);
    if (existsSync(d) && statSync(d).isDirectory() && [...walk(d)].length === 0) execFileSync('rm', ['-r', d]);
  }
  console.log('moved; now: npm run --silent typecheck && npm run --silent lint');
}
