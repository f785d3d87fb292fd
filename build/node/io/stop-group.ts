import { readdirSync, readFileSync } from 'node:fs';

const GRACE_MS = 3000;
const POLL_MS = 50;

/**
 * Stop a child started with `detached: true` and everything it started in its process group: SIGTERM to
 * the group (an `eye` child cleans up after itself on it), up to GRACE_MS for every member to end,
 * then SIGKILL to what is left. Synchronous, so an interrupt handler can call it before it exits.
 */
export function stopGroup(pgid: number | undefined): void {
  if (!pgid) return;
  if (!signalGroup(pgid, 'SIGTERM')) return;
  const until = Date.now() + GRACE_MS;
  while (Date.now() < until && liveMembers(pgid) > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, POLL_MS);
  if (liveMembers(pgid) > 0) signalGroup(pgid, 'SIGKILL');
}

function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // the group is gone already
  }
}

/**
 * Members of the group that still run: /proc's stat lines (a member that has ended but is not yet
 * reaped, a zombie, still answers kill(0), so kill cannot tell). Without /proc: assume one remains.
 */
function liveMembers(pgid: number): number {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return 1;
  }
  let n = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so read after its last ')'.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') n++;
    } catch {
      // gone while read
    }
  }
  return n;
}
