/**
 * Frames 0…count−1 requested up to `depth` ahead and handed out in order: while the consumer works
 * on one, the next ones are already being made (the render's page calls, and the bench's capture
 * floor, which must keep the same depth to be the render's floor). A request that fails meanwhile
 * fails when its turn comes, not before.
 */
export async function* framesAhead<T>(count: number, depth: number, request: (frame: number) => Promise<T>): AsyncGenerator<T> {
  const ahead: Promise<T>[] = [];
  let next = 0;
  const fill = () => {
    while (next < count && ahead.length < depth) {
      const p = request(next++);
      p.catch(() => undefined); // awaited in its turn; a failure meanwhile must not go unhandled
      ahead.push(p);
    }
  };
  fill();
  while (ahead.length > 0) {
    const item = await ahead.shift()!;
    fill();
    yield item;
  }
}
