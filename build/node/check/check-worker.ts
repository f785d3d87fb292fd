import { parentPort } from 'node:worker_threads';
import { runCheckJob, type CheckJob } from './check-job.ts';

/** A worker thread of `eye check --jobs N`: runs the jobs it is sent, one at a time. */
parentPort?.on('message', (job: CheckJob) => {
  try {
    parentPort?.postMessage({ ok: true, result: runCheckJob(job) });
  } catch (err) {
    parentPort?.postMessage({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
