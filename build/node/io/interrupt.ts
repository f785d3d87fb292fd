import { EXIT } from '../../errors/exit.ts';

const cleanups = new Set<() => void>();
let installed = false;

/**
 * Register a synchronous cleanup to run on Ctrl-C (kill a child, remove a temp dir). Returns the
 * function that unregisters it (call it once the work is safely done or cleaned up normally).
 */
export function onInterrupt(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/**
 * Install the Ctrl-C handler once: on SIGINT or SIGTERM run every cleanup (newest first), say so in
 * one line and exit 130, so no child outlives us and nothing half-written is left.
 */
export function handleInterrupts(): void {
  if (installed) return;
  installed = true;
  const stop = (signal: NodeJS.Signals) => {
    for (const fn of [...cleanups].reverse()) {
      try {
        fn();
      } catch {
        // Keep cleaning: one failed cleanup must not leave the others undone.
      }
    }
    cleanups.clear();
    process.stderr.write(`\neye: interrupted (${signal}): stopped the browser and ffmpeg, removed temporary files\n`);
    process.exit(EXIT.interrupted);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
