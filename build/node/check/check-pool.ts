import { Worker } from 'node:worker_threads';
import { runCheckJob, type CheckJob, type CheckJobResult } from './check-job.ts';

type Reply = { ok: true; result: CheckJobResult } | { ok: false; error: string };

/**
 * Run check jobs on `threads` worker threads (1: in this thread, as tests do). Results come back in
 * the jobs' order. The workers load the TypeScript sources through tsx, as bin/eye.js does.
 */
export async function runCheckJobs(jobs: CheckJob[], threads: number, onDone?: (done: number, total: number) => void): Promise<CheckJobResult[]> {
  const results: CheckJobResult[] = new Array(jobs.length);
  if (threads <= 1 || jobs.length <= 1) {
    jobs.forEach((job, i) => {
      results[i] = runCheckJob(job);
      onDone?.(i + 1, jobs.length);
    });
    return results;
  }
  const api = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./check-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  let next = 0;
  let done = 0;
  const workers = Array.from({ length: Math.min(threads, jobs.length) }, () => new Worker(boot, { eval: true }));
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            let current = -1;
            const feed = () => {
              if (next >= jobs.length) return resolve();
              current = next++;
              w.postMessage(jobs[current]);
            };
            w.on('message', (reply: Reply) => {
              if (!reply.ok) return reject(new Error(`check job ${jobs[current].scene.name} seed ${jobs[current].seed}: ${reply.error}`));
              results[current] = reply.result;
              onDone?.(++done, jobs.length);
              feed();
            });
            w.on('error', reject);
            w.on('exit', (code) => {
              if (current >= 0 && !results[current]) reject(new Error(`check worker exited (${code}) during ${jobs[current].scene.name}`));
            });
            feed();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
