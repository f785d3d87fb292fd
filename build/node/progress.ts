/**
 * Progress on stderr: one bar rewritten in place on a terminal, plain lines (every quarter) elsewhere
 * so CI logs stay short.
 */
export function createProgress(stream: NodeJS.WriteStream = process.stderr): {
  update(p: { scene: string; frame: number; frames: number; msPerFrame: number }): void;
  line(text: string): void;
} {
  const tty = stream.isTTY === true;
  const lastQuarter = new Map<string, number>();
  let open = false;
  return {
    update({ scene, frame, frames, msPerFrame }) {
      if (tty) {
        const width = 24;
        const filled = Math.round((frame / frames) * width);
        stream.write(`\r${scene.padEnd(24)} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${String(frame).padStart(5)}/${frames}  ${msPerFrame.toFixed(1)} ms/frame`);
        open = true;
        return;
      }
      const quarter = Math.floor((frame / frames) * 4);
      if (quarter > (lastQuarter.get(scene) ?? -1) && quarter < 4) {
        lastQuarter.set(scene, quarter);
        stream.write(`${scene}: ${frame}/${frames} frames, ${msPerFrame.toFixed(1)} ms/frame\n`);
      }
    },
    line(text) {
      if (open) stream.write('\r\x1b[K');
      open = false;
      stream.write(`${text}\n`);
    },
  };
}
