import { createSocket } from 'node:dgram';
import { createServer, type Socket } from 'node:net';

/** A TCP and a UDP port on 127.0.0.1 that record every attempt to reach them (the fault suite's proof that nothing left a page). */
export interface NetworkListener {
  tcpPort: number;
  udpPort: number;
  /** One line per TCP connection (its first line of data, if any came) and per UDP datagram, in arrival order. */
  readonly seen: string[];
  close(): Promise<void>;
}

export async function listenOnLoopback(): Promise<NetworkListener> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const tcp = createServer((s) => {
    const at = seen.push('tcp connection') - 1;
    sockets.add(s);
    s.on('error', () => undefined);
    // Recorded, then dropped: Chromium holds a second WebSocket to the same address until the first one's handshake ends.
    s.once('data', (d) => {
      seen[at] = `tcp connection: ${d.toString('latin1').split('\r\n')[0].slice(0, 80)}`;
      s.destroy();
    });
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((done) => tcp.listen(0, '127.0.0.1', done));
  const udp = createSocket('udp4');
  udp.on('message', (m) => seen.push(`udp datagram, ${m.length} bytes`));
  await new Promise<void>((done) => udp.bind(0, '127.0.0.1', done));
  return {
    tcpPort: (tcp.address() as { port: number }).port,
    udpPort: udp.address().port,
    seen,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((done) => tcp.close(() => done()));
      await new Promise<void>((done) => udp.close(() => done()));
    },
  };
}
