import ts from 'typescript';
import { ERA_IDS, type EraId } from '../../../scene/scene.ts';

/** Source files that declare an era table: the cheap test before a parse. */
export const ERA_TABLE_MARK = 'Record<EraId';

/**
 * A module's source with every era table cut down to `keep`: in each `export const NAME: Record<EraId, …> = { … }`,
 * the entry of every other era is replaced by a getter that throws, so its value is not in the text
 * and reading it fails the run loudly instead of going unseen. The rest of the module is kept as
 * written. A table the cut cannot see into (a spread `...OTHER`, a computed key) is left whole: more
 * of the text is kept, never less. Pure (tested on strings).
 */
export function restrictEras(source: string, fileName: string, keep: ReadonlySet<EraId>): string {
  if (!source.includes(ERA_TABLE_MARK)) return source;
  const cuts = eraEntries(source, fileName)
    .filter((e) => !keep.has(e.era))
    .map((e) => {
      const message = `${e.table}['${e.era}'] read in a run restricted to era ${[...keep].sort().join(', ')} (check/era-code.ts)`;
      return { start: e.start, end: e.end, text: `get '${e.era}'(): never { throw new Error(${JSON.stringify(message)}); }` };
    });
  let out = source;
  for (const c of cuts.sort((a, b) => b.start - a.start)) out = out.slice(0, c.start) + c.text + out.slice(c.end);
  return out;
}

/** Where one era's entry of an exported era table sits in a module's text. */
interface EraEntry {
  table: string;
  era: EraId;
  start: number;
  end: number;
}

const parsed = new Map<string, EraEntry[]>();

/**
 * Every entry of every exported era table a cut can see into, parsed once per text: a check asks for
 * a bundle per set of eras (one per scene's eras, ~12), and each parsed the same seven era tables again
 * (~0.4 s of a warm check).
 */
function eraEntries(source: string, fileName: string): EraEntry[] {
  const memoKey = `${fileName}\0${source}`;
  const hit = parsed.get(memoKey);
  if (hit) return hit;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: EraEntry[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const decl of statement.declarationList.declarations) {
      const table = decl.initializer;
      if (!decl.type || !decl.type.getText(file).replace(/\s+/g, '').startsWith(ERA_TABLE_MARK) || !table || !ts.isObjectLiteralExpression(table)) continue;
      const entries = table.properties.map((p) => ({ p, era: eraOf(p) }));
      if (entries.some((e) => e.era === null)) continue;
      const name = decl.name.getText(file);
      for (const { p, era } of entries) out.push({ table: name, era: era!, start: p.getStart(file), end: p.getEnd() });
    }
  }
  parsed.set(memoKey, out);
  return out;
}

/** The era a table entry is for: a plain `'1970': value` entry, else null (the table is then kept whole). */
function eraOf(p: ts.ObjectLiteralElementLike): EraId | null {
  if (!ts.isPropertyAssignment(p)) return null;
  const n = p.name;
  const text = ts.isStringLiteral(n) || ts.isNumericLiteral(n) || ts.isIdentifier(n) ? n.text : null;
  return text !== null && (ERA_IDS as readonly string[]).includes(text) ? (text as EraId) : null;
}
