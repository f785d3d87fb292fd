import { parentPort } from 'node:worker_threads';
import { runCheckTask, type CheckTask } from './check-task.ts';

/**
 * A worker thread of `eye check`: runs the tasks it is sent, one at a time. It is started from the
 * bundle era-code.ts makes of this file (the code a task's cache key hashes), never from the sources.
 */
parentPort?.on('message', (task: CheckTask) => {
  try {
    parentPort?.postMessage({ ok: true, result: runCheckTask(task) });
  } catch (err) {
    parentPort?.postMessage({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
