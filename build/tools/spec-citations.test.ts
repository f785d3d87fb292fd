import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** Every source file under build/ (code, tests, scripts), as [path, text]. */
function sources(dir: string): [string, string][] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|mjs|js|R|py)$/.test(name) ? [[relative(root, p), readFileSync(p, 'utf8')] as [string, string]] : [];
  });
}

/** `eye.md §N` citations (also `eye.md §0, §5` and `eye.md §3 and §4`): the section numbers. */
function eyeSections(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/eye\.md(?:'s)?\s*((?:§\s*\d+(?:\s*(?:,|and|&)\s*(?=§))?)+)/g)) {
    for (const n of m[1].matchAll(/§\s*(\d+)/g)) out.push(Number(n[1]));
  }
  return out;
}

/** `pipeline.md` citations: the section each names (`pipeline.md, measuring`, `(speed)`, `"a heading"`), or '' for the page alone. */
function pipelineSections(text: string): string[] {
  return [...text.matchAll(/pipeline\.md(?:,\s*([a-z][a-z ]*?)(?=[:,)]|$)|\s*\(([a-z][a-z ]*)\)|\s*"([^"]+)")?/gim)].map((m) => (m[1] ?? m[2] ?? m[3] ?? '').trim());
}

function headings(doc: string): string[] {
  return [...doc.matchAll(/^#+ (.*)$/gm)].map((m) => m[1]);
}

/** The citations in `files` that name no heading of docs/eye.md or docs/pipeline.md, as "path: citation". */
function unresolved(files: [string, string][], eyeDoc: string, pipelineDoc: string): string[] {
  const eye = new Set(headings(eyeDoc).flatMap((h) => /^§(\d+)\. /.exec(h)?.[1] ?? []).map(Number));
  const pipe = headings(pipelineDoc).map((h) => h.toLowerCase());
  const out: string[] = [];
  for (const [path, text] of files) {
    for (const n of eyeSections(text)) if (!eye.has(n)) out.push(`${path}: eye.md §${n}`);
    for (const s of pipelineSections(text)) if (s && !pipe.some((h) => h.includes(s.toLowerCase()))) out.push(`${path}: pipeline.md "${s}"`);
  }
  return out;
}

describe('the spec cited in the code is in docs/', () => {
  // This file cites a missing section on purpose, to show it failing.
  const files = sources(join(root, 'build')).filter(([p]) => !p.endsWith('spec-citations.test.ts'));
  const eyeDoc = readFileSync(join(root, 'docs', 'eye.md'), 'utf8');
  const pipelineDoc = readFileSync(join(root, 'docs', 'pipeline.md'), 'utf8');

  it('every eye.md §N and pipeline.md section the code cites is a heading there', () => {
    const cited = files.flatMap(([, t]) => eyeSections(t));
    expect(cited.length).toBeGreaterThan(150);
    expect(new Set(cited).size).toBe(12);
    expect(files.flatMap(([, t]) => pipelineSections(t).filter(Boolean)).length).toBeGreaterThan(3);
    expect(unresolved(files, eyeDoc, pipelineDoc)).toEqual([]);
  });

  it('reads every form the code writes, and fails a section that is not there', () => {
    expect(eyeSections("as eye.md §0, §5 say; eye.md §10's split; eye.md §3 and §4; eye.md is silent")).toEqual([0, 5, 10, 3, 4]);
    expect(pipelineSections('(pipeline.md, measuring: …) pipeline.md (speed) pipeline.md "Proof films represent their era" pipeline.md: x')).toEqual([
      'measuring',
      'speed',
      'Proof films represent their era',
      '',
    ]);
    const bad: [string, string][] = [['build/x.ts', '// eye.md §12, pipeline.md (rendering)']];
    expect(unresolved(bad, eyeDoc, pipelineDoc)).toEqual(['build/x.ts: eye.md §12', 'build/x.ts: pipeline.md "rendering"']);
  });
});
