let pipeWatched = false;

/**
 * Write a command's output to stdout. A reader that stops early (`eye measure x.csv | head`) closes
 * the pipe: that is the reader's choice, not a failure, so the process ends quietly instead of
 * throwing EPIPE.
 */
export function writeStdout(text: string): void {
  if (!pipeWatched) {
    pipeWatched = true;
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
  process.stdout.write(text);
}
