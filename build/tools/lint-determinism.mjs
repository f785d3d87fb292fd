#!/usr/bin/env node
// Determinism lint: the model (and everything it imports from scene/ and measure/) must never read
// the wall clock or an unseeded random source. Time is frame / fps; randomness is the seeded Random.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const DIRS = ['build/model', 'build/scene', 'build/measure'];
const FORBIDDEN = [
  [/\bDate\.now\s*\(/, 'Date.now() reads the wall clock'],
  [/\bnew\s+Date\s*\(/, 'new Date() reads the wall clock'],
  [/\bperformance\.now\s*\(/, 'performance.now() reads the wall clock'],
  [/\bMath\.random\s*\(/, 'Math.random() is unseeded: use Random (model/random)'],
  [/\brequestAnimationFrame\s*\(/, 'requestAnimationFrame ties the model to the display'],
  [/\bsetTimeout\s*\(|\bsetInterval\s*\(/, 'timers tie the model to the wall clock'],
];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) yield p;
  }
}

export function lint(dirs = DIRS.map((d) => join(root, d))) {
  const problems = [];
  for (const dir of dirs.filter((d) => existsSync(d))) {
    for (const file of files(dir)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        const code = line.replace(/\/\/.*$/, '');
        for (const [re, why] of FORBIDDEN) {
          if (re.test(code)) problems.push(`${relative(root, file)}:${i + 1}: ${why}`);
        }
      });
    }
  }
  return problems;
}

if (process.argv[1] === import.meta.filename) {
  const problems = lint(process.argv.length > 2 ? process.argv.slice(2) : undefined);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`determinism lint: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('determinism lint: ok');
}
