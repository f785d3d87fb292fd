/** The fields of /proc/<pid>/stat that CPU accounting needs. Times are in clock ticks (CLK_TCK). */
export interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime: this process's own CPU. */
  selfTicks: number;
  /** cutime + cstime: its children that have exited and been waited for (their own children included). */
  reapedChildrenTicks: number;
}

/**
 * Parse one /proc/<pid>/stat line (proc(5)). The command name (field 2) is in parentheses and may
 * itself hold spaces and parentheses, so fields are counted from the last ')'.
 */
export function parseProcStat(text: string): ProcStat {
  const close = text.lastIndexOf(')');
  const pid = Number.parseInt(text, 10);
  if (close < 0 || !Number.isInteger(pid)) throw new Error(`not a /proc/<pid>/stat line: ${text.slice(0, 60)}`);
  // After ')': field 3 (state) is index 0, so field k is index k - 3.
  const f = text.slice(close + 2).trim().split(/\s+/);
  const n = (field: number) => {
    const v = Number(f[field - 3]);
    if (!Number.isFinite(v)) throw new Error(`/proc/${pid}/stat: field ${field} is not a number`);
    return v;
  };
  return { pid, ppid: n(4), selfTicks: n(14) + n(15), reapedChildrenTicks: n(16) + n(17) };
}
