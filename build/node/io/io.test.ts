import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError, EXIT } from '../../errors/exit.ts';
import { tempDir } from '../../testing/temp-dir.ts';
import { appendLine } from './append-line.ts';
import { ensureOutDir } from './ensure-out-dir.ts';
import { openCache } from '../../jobs/cache/node/store.ts';
import { environmentError } from '../../errors/environment-error.ts';
import { writeFilesTogether } from './write-files-together.ts';

const root = tempDir('io-');
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
const caught = (f: () => unknown): unknown => {
  try {
    f();
  } catch (err) {
    return err;
  }
  throw new Error('expected it to throw');
};

describe('appendLine', () => {
  it('appends a whole line, and starts a new line after a torn one', () => {
    const file = join(mkdtempSync(join(root, 'a-')), 'ledger.jsonl');
    appendLine(file, '{"a":1}');
    writeFileSync(file, `${readFileSync(file, 'utf8')}{"torn`);
    appendLine(file, '{"b":2}');
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n{"torn\n{"b":2}\n');
  });

  it('leaves the file exactly as it was when the disk fills part-way through the line (exit 3, naming the file)', () => {
    const file = join(mkdtempSync(join(root, 'a-')), 'ledger.jsonl');
    appendLine(file, '{"a":1}');
    const before = readFileSync(file);
    // A full disk: the kernel takes 900 bytes of the line, then refuses the rest.
    const err = caught(() =>
      appendLine(file, `{"big":"${'x'.repeat(1200)}"}`, (fd, buf, off) => {
        writeFileSync(fd, buf.subarray(off, off + 900));
        throw enospc();
      }),
    );
    expect(readFileSync(file)).toEqual(before);
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(EXIT.environment);
    expect((err as CliError).message).toBe(`cannot append to ${file}: no space left on the device (ENOSPC)`);
  });

  it('treats a short write as a failure and cuts it back', () => {
    const file = join(mkdtempSync(join(root, 'a-')), 'ledger.jsonl');
    appendLine(file, 'one');
    const err = caught(() =>
      appendLine(file, 'two two two', (fd, buf, off) => {
        writeFileSync(fd, buf.subarray(off, off + 3));
        return 3;
      }),
    );
    expect((err as CliError).exitCode).toBe(EXIT.environment);
    expect(readFileSync(file, 'utf8')).toBe('one\n');
  });
});

describe('writeFilesTogether', () => {
  it('writes both or neither: a full disk on the second leaves the old pair and no temporary file', () => {
    const dir = mkdtempSync(join(root, 'w-'));
    const a = join(dir, 'assertions.json');
    const s = join(dir, 'summary.json');
    writeFilesTogether([
      { path: a, text: 'old a' },
      { path: s, text: 'old s' },
    ]);
    // The second file's text is not a string: writeFileSync throws as a full disk would, before its rename.
    const err = caught(() =>
      writeFilesTogether([
        { path: a, text: 'new a' },
        { path: join(dir, 'no-such-folder', 'summary.json'), text: 'new s' },
      ]),
    );
    expect(readFileSync(a, 'utf8')).toBe('old a');
    expect(readFileSync(s, 'utf8')).toBe('old s');
    expect(readdirSync(dir).sort()).toEqual(['assertions.json', 'summary.json']);
    expect(err).toBeInstanceOf(Error);
  });
});

describe('ensureOutDir', () => {
  it('creates a missing folder', () => {
    const dir = join(mkdtempSync(join(root, 'o-')), 'a', 'b');
    ensureOutDir(dir);
    expect(existsSync(dir)).toBe(true);
  });
  it('a file in the way, or a file as a parent (--out afile/sub), is exit 3 in one line naming the path', () => {
    const base = mkdtempSync(join(root, 'o-'));
    const file = join(base, 'afile');
    writeFileSync(file, 'x');
    for (const out of [file, join(file, 'sub')]) {
      const err = caught(() => ensureOutDir(out));
      expect(err).toBeInstanceOf(CliError);
      expect((err as CliError).exitCode).toBe(EXIT.environment);
      expect((err as CliError).message).toMatch(new RegExp(`^cannot write --out ${out.replace(/[/.]/g, '\\$&')}: .*\\((EEXIST|ENOTDIR)\\)$`));
    }
  });
  it('a place where no folder can be made (/proc) is exit 3, not an internal error', () => {
    const err = caught(() => ensureOutDir('/proc/eye-out-test/sub'));
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(EXIT.environment);
    expect((err as CliError).message).toBe('cannot write --out /proc/eye-out-test/sub: no folder can be made there (ENOENT)');
  });
  it('a cache folder where none can be made is exit 3 when the cache is opened, before any work', () => {
    const err = caught(() => openCache('/proc/eye-cache-test'));
    expect((err as CliError).exitCode).toBe(EXIT.environment);
    expect((err as CliError).message).toContain('cannot write --cache-dir /proc/eye-cache-test');
  });
});

describe('environmentError', () => {
  it('maps the machine\'s errors to exit 3 and leaves others alone', () => {
    for (const code of ['ENOSPC', 'EROFS', 'EACCES', 'ENOTDIR']) {
      const e = environmentError(Object.assign(new Error('x'), { code }), 'write', '/p');
      expect(e?.exitCode).toBe(EXIT.environment);
      expect(e?.message).toContain(`/p: `);
    }
    expect(environmentError(new Error('plain'), 'write', '/p')).toBeNull();
    expect(environmentError(Object.assign(new Error('x'), { code: 'ENOENT' }), 'write', '/p')).toBeNull();
  });
});
