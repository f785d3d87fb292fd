import { closeSync, fstatSync, ftruncateSync, linkSync, openSync, readFileSync, readSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { CliError, EXIT } from '../../errors/exit.ts';
import { environmentError } from '../../errors/environment-error.ts';
import { safeText } from '../../errors/safe-text.ts';
import { pidAlive } from './owned-temp.ts';

type Write = (fd: number, buffer: Buffer, offset: number, length: number) => number;

/** How long an append waits for another writer's lock (held for one write: microseconds) before it says so. */
const LOCK_WAIT_MS = 10_000;
const LOCK_POLL_MS = 2;

/**
 * Append one line to a file, all or nothing, without ever touching another writer's line.
 *
 * Writers take `<file>.lock` (created exclusively, holding the owner's pid; a lock whose owner is gone
 * is taken over), so between this writer's look at the file's end and its write no other writer of the
 * project appends. The line goes in one `write` on a file opened for appending (O_APPEND puts it at the
 * end in one piece). If that write fails or is short (a full disk part-way), the bytes it left are cut
 * off again only when the file still ends with exactly them: a writer that does not take the lock (an
 * older eye, a shell's `>>`) may have appended after them, and its line is never cut. A file that ends
 * in a torn line (a run killed mid-write) gets a newline first, so the fragment stays a line of its own.
 * `write` is injectable so tests can fail it part-way.
 */
export function appendLine(file: string, line: string, write: Write = writeSync): void {
  const unlock = lock(file);
  try {
    appendLocked(file, line, write);
  } finally {
    unlock();
  }
}

function appendLocked(file: string, line: string, write: Write): void {
  let fd: number;
  try {
    fd = openSync(file, 'a+');
  } catch (err) {
    throw environmentError(err, 'append to', file) ?? err;
  }
  try {
    const size = fstatSync(fd).size;
    const lead = size > 0 && byteAt(fd, size - 1) !== 0x0a ? '\n' : '';
    const buf = Buffer.from(`${lead}${line.replace(/\n+$/, '')}\n`, 'utf8');
    let written = 0;
    try {
      written = write(fd, buf, 0, buf.length);
      if (written !== buf.length) throw Object.assign(new Error(`short write (${written} of ${buf.length} bytes)`), { code: 'ENOSPC' });
    } catch (err) {
      cutOwnBytes(fd, buf, written);
      throw environmentError(err, 'append to', file) ?? err;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Remove the `written` bytes a failed write left, only if they are the file's last bytes. A write that
 * threw may have written some bytes too (it does not say how many): the longest prefix of `buf` the
 * file ends with is what it left.
 */
function cutOwnBytes(fd: number, buf: Buffer, written: number): void {
  const end = fstatSync(fd).size;
  const counts = written > 0 ? [written] : Array.from({ length: buf.length - 1 }, (_, i) => buf.length - 1 - i);
  for (const n of counts) {
    if (n > end) continue;
    const tail = Buffer.alloc(n);
    readSync(fd, tail, 0, n, end - n);
    if (tail.equals(buf.subarray(0, n))) {
      ftruncateSync(fd, end - n);
      return;
    }
    if (written > 0) return; // someone appended after this writer's bytes: theirs stay, ours stay a torn line
  }
}

function byteAt(fd: number, position: number): number {
  const b = Buffer.alloc(1);
  readSync(fd, b, 0, 1, position);
  return b[0];
}

/** Take `<file>.lock`; returns its release. Waits for a live owner, takes over a dead one's. */
function lock(file: string): () => void {
  const lockFile = `${file}.lock`;
  const waited = Date.now();
  for (;;) {
    try {
      const fd = openSync(lockFile, 'wx');
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      return () => {
        // Only this writer's own lock: a lock that was (wrongly) taken over is the taker's now.
        if (ownerOf(lockFile) === process.pid) unlinkSync(lockFile);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw environmentError(err, 'lock', lockFile) ?? err;
    }
    const owner = ownerOf(lockFile);
    if (owner !== null && !pidAlive(owner)) {
      takeOver(lockFile, owner);
      continue;
    }
    if (Date.now() - waited > LOCK_WAIT_MS) {
      throw new CliError(EXIT.environment, `cannot append to ${safeText(file)}: ${safeText(lockFile)} has been held by process ${owner ?? '(unknown)'} for over ${LOCK_WAIT_MS / 1000} s`);
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, LOCK_POLL_MS);
  }
}

/** The pid a lock file names; null while it is being written (or unreadable). */
function ownerOf(lockFile: string): number | null {
  try {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Remove a dead owner's lock. It is first renamed to a name of this process's own, then read again: if
 * another writer took it over and made a lock of its own in between, that live lock is what moved, and
 * it is put back.
 */
function takeOver(lockFile: string, deadPid: number): void {
  const mine = `${lockFile}.stale-${process.pid}`;
  try {
    renameSync(lockFile, mine);
  } catch {
    return; // gone already: another writer took it over
  }
  if (ownerOf(mine) === deadPid) {
    unlinkSync(mine);
    return;
  }
  try {
    linkSync(mine, lockFile); // (link, not rename: it never replaces a lock a third writer made meanwhile)
  } catch {
    // A third writer holds the lock now: the moved one's owner keeps writing without it (it only unlinks its own).
  }
  unlinkSync(mine);
}
