/**
 * Progress on stderr: on a terminal, one line rewritten in place showing every scene in flight
 * (several with --jobs); elsewhere plain lines every quarter of a scene, so CI logs stay short.
 */
export function createProgress(stream: NodeJS.WriteStream = process.stderr): {
  update(p: { scene: string; frame: number; frames: number; msPerFrame: number }): void;
  line(text: string): void;
} {
  const tty = stream.isTTY === true;
  const lastQuarter = new Map<string, number>();
  const active = new Map<string, string>();
  let open = false;
  const bar = (frame: number, frames: number, width: number) => {
    const filled = Math.round((frame / frames) * width);
    return `[${'#'.repeat(filled)}${' '.repeat(width - filled)}]`;
  };
  return {
    update({ scene, frame, frames, msPerFrame }) {
      if (tty) {
        active.set(scene, `${scene} ${bar(frame, frames, active.size > 1 ? 10 : 24)} ${frame}/${frames} ${msPerFrame.toFixed(0)} ms/frame`);
        if (frame >= frames) active.delete(scene);
        const text = [...active.values()].join('  |  ');
        const columns = stream.columns ?? 120;
        stream.write(`\r\x1b[K${text.length > columns - 1 ? text.slice(0, columns - 1) : text}`);
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
