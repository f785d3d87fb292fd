import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A body the render asked the page to send, awaited under a name (a frame number, or `probe`). */
export interface FrameWait {
  /** The bytes, exactly as the page sent them. */
  readonly body: Promise<Buffer>;
  /** True once the whole body has arrived (it arrives before the page's POST is answered). */
  readonly arrived: boolean;
  /** Stop waiting (the page call failed): the body promise rejects with `why`. */
  cancel(why: Error): void;
}

/**
 * The one channel a render's page may use: a Node HTTP server on 127.0.0.1, at an ephemeral port, that
 * takes exactly the bodies the render is waiting for. The page POSTs each frame's JPEG here as bytes,
 * where over CDP it travels as base64 text inside JSON (docs/speed-capture.md, *Carrying the JPEG*: 22
 * fewer CPU-ms a frame at 1280×720). The page is untrusted like any input: a request is taken only if
 * it is a POST to `/<token>/<name>` (the token is 128 random bits, new per browser), `name` is awaited,
 * once, and it declares a length within the bound and sends exactly that many bytes. Anything else is
 * refused, its connection closed unread, and reported through `onRefused` (the render then fails as
 * it does for any request, naming it with the token hidden).
 */
export interface FrameServer {
  readonly port: number;
  /** Where the page POSTs the body named `name`. */
  url(name: string): string;
  /** Whether a URL is one of this server's (what the render's request watch lets by: the server judges it). */
  owns(url: string): boolean;
  /** Await the body named `name`, at most `maxBytes` long. Register before the page is asked to send it. */
  expect(name: string, maxBytes: number): FrameWait;
  close(): Promise<void>;
}

const NAME = /^[a-z0-9]{1,16}$/;

export async function startFrameServer(onRefused: (what: string) => void): Promise<FrameServer> {
  const token = randomBytes(16).toString('hex');
  const waits = new Map<string, { maxBytes: number; resolve(b: Buffer): void; reject(e: Error): void; done(): void }>();
  let port = 0;

  const server = http.createServer((req, res) => {
    // What the report names: never the token, never more than a line of what the page sent.
    const shown = `${req.method ?? '?'} http://127.0.0.1:${port}${(req.url ?? '').split(token).join('<token>').slice(0, 200)}`;
    const refuse = (status: number, why: string) => {
      onRefused(`${shown} (${why})`);
      res.writeHead(status, { connection: 'close' }).end();
      req.destroy();
    };
    const m = /^\/([0-9a-f]{32})\/([^/?#]*)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !m || m[1] !== token) return refuse(403, 'not a frame the render asked for');
    const name = m[2];
    const wait = NAME.test(name) ? waits.get(name) : undefined;
    if (!wait) return refuse(409, 'no frame of that name is awaited');
    const length = Number(req.headers['content-length']);
    if (!Number.isInteger(length) || length < 1 || length > wait.maxBytes) return refuse(413, `its length must be declared, 1-${wait.maxBytes} bytes`);
    waits.delete(name); // one body a name: a second is refused
    const body = Buffer.allocUnsafe(length);
    let got = 0;
    req.on('data', (d: Buffer) => {
      if (got + d.length > length) {
        wait.reject(new Error(`the page sent more than the ${length} bytes it declared for ${name}`));
        return refuse(400, 'longer than declared');
      }
      d.copy(body, got);
      got += d.length;
    });
    req.on('end', () => {
      if (got !== length) {
        wait.reject(new Error(`the page sent ${got} of the ${length} bytes it declared for ${name}`));
        return refuse(400, 'shorter than declared');
      }
      wait.done();
      wait.resolve(body);
      res.writeHead(204, { connection: 'keep-alive' }).end();
    });
    req.on('error', (e) => wait.reject(e));
    req.on('close', () => {
      if (got !== length) wait.reject(new Error(`the page's POST of ${name} ended after ${got} of ${length} bytes`));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;

  return {
    port,
    url: (name) => `http://127.0.0.1:${port}/${token}/${name}`,
    owns: (url) => url.startsWith(`http://127.0.0.1:${port}/${token}/`),
    expect(name, maxBytes) {
      if (!NAME.test(name)) throw new Error(`frame server: bad name ${JSON.stringify(name)}`);
      if (waits.has(name)) throw new Error(`frame server: ${name} is already awaited`);
      let arrived = false;
      let reject: (e: Error) => void = () => undefined;
      const body = new Promise<Buffer>((ok, no) => {
        reject = no;
        waits.set(name, { maxBytes, resolve: ok, reject: no, done: () => (arrived = true) });
      });
      body.catch(() => undefined); // a cancelled wait nobody awaits any more is not an unhandled rejection
      return {
        body,
        get arrived() {
          return arrived;
        },
        cancel(why) {
          if (waits.get(name)?.reject === reject) waits.delete(name);
          reject(why);
        },
      };
    },
    async close() {
      for (const w of waits.values()) w.reject(new Error('the frame server closed'));
      waits.clear();
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
