import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../node/io/project-root.ts';

const run = promisify(execFile);

/** Run the real CLI; resolves to its exit code and output (never rejects on a non-zero exit). */
export async function runEye(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const root = projectRoot();
  try {
    const { stdout, stderr } = await run(process.execPath, [join(root, 'bin', 'eye.js'), ...args], { cwd: root, env: { ...process.env, ...env }, maxBuffer: 1 << 26 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
