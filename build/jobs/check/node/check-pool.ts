import { Worker } from 'node:worker_threads';
import type { EraCode } from './era-code.ts';
import type { CheckTask, CheckTaskResult } from './check-task.ts';

type Reply = { ok: true; result: unknown } | { ok: false; error: string };

/** A worker's error without its module's text (its stack frames name the data: URL, the whole bundle). */
const shorten = (text: string, code: EraCode) => text.replace(/data:text\/javascript;base64,[A-Za-z0-9+/=]+/g, `check-worker(${code.eras.join(',')})`);

/** A task and the code it runs in (era-code.ts: the bundle its cache key hashes). */
export interface CodedTask<T extends CheckTask = CheckTask> {
  code: EraCode;
  task: T;
  /** Said in an error. */
  label: string;
}

/** A worker started from a bundle's text (a data: URL, so nothing is written and nothing else is loaded). */
function startWorker(code: EraCode): Worker {
  return new Worker(new URL(`data:text/javascript;base64,${Buffer.from(code.code).toString('base64')}`));
}

/**
 * Run tasks on `threads` worker threads, each in a worker started from its own code: a worker is
 * kept for the next task of the same code and replaced for another. Results come back in the tasks'
 * order. Always in workers, even on one thread: a result is what the bundle computed, never the
 * sources of this checkout (which hold every era's entries).
 */
export async function runCheckTasks<T extends CheckTask>(tasks: readonly CodedTask<T>[], threads: number, onDone?: (done: number, total: number) => void): Promise<CheckTaskResult<T>[]> {
  const results: CheckTaskResult<T>[] = new Array(tasks.length);
  let next = 0;
  let done = 0;
  const slot = async () => {
    let worker: Worker | null = null;
    let hash = '';
    try {
      while (next < tasks.length) {
        const i = next++;
        const t = tasks[i];
        if (!worker || hash !== t.code.hash) {
          await worker?.terminate();
          worker = startWorker(t.code);
          hash = t.code.hash;
        }
        results[i] = (await ask(worker, t)) as CheckTaskResult<T>;
        onDone?.(++done, tasks.length);
      }
    } finally {
      await worker?.terminate();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(threads, tasks.length)) }, slot));
  return results;
}

/** One task's reply from a worker; its error or the worker's exit rejects. */
function ask(w: Worker, t: CodedTask): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const off = () => {
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
    };
    const onMessage = (reply: Reply) => {
      off();
      if (reply.ok) resolve(reply.result);
      else reject(new Error(`check task ${t.label}: ${shorten(reply.error, t.code)}`));
    };
    const onError = (err: Error) => {
      off();
      reject(new Error(`check task ${t.label}: ${shorten(err.message, t.code)}`));
    };
    const onExit = (code: number) => {
      off();
      reject(new Error(`check worker exited (${code}) during ${t.label}`));
    };
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    w.postMessage(t.task);
  });
}
