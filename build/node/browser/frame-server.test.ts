import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFrameServer, type FrameServer } from './frame-server.ts';

/** A raw request to the server (Node's own client, so lengths and methods can lie as a hostile page's may not). */
function send(url: string, o: { method?: string; body?: Buffer; length?: number } = {}): Promise<number> {
  return new Promise((done) => {
    const req = http.request(url, { method: o.method ?? 'POST', headers: o.length === undefined ? {} : { 'content-length': o.length } }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on('error', () => done(-1)); // the server closed the connection unread
    if (o.body) req.write(o.body);
    req.end();
  });
}

describe('frame server: takes exactly the bodies the render awaits, refuses and reports everything else', () => {
  let server: FrameServer;
  let refused: string[];
  beforeEach(async () => {
    refused = [];
    server = await startFrameServer((what) => refused.push(what));
  });
  afterEach(() => server.close());

  it('an awaited frame arrives byte for byte, answered 204, and its wait says so', async () => {
    const body = Buffer.from([0xff, 0xd8, 1, 2, 3, 0xff, 0xd9]);
    const wait = server.expect('7', 100);
    expect(wait.arrived).toBe(false);
    expect(await send(server.url('7'), { body, length: body.length })).toBe(204);
    expect(wait.arrived).toBe(true);
    expect((await wait.body).equals(body)).toBe(true);
    expect(refused).toEqual([]);
  });

  it('two frames in flight may arrive out of order: each goes to its own wait', async () => {
    const [a, b] = [server.expect('1', 10), server.expect('2', 10)];
    await send(server.url('2'), { body: Buffer.from('two'), length: 3 });
    await send(server.url('1'), { body: Buffer.from('one'), length: 3 });
    expect((await a.body).toString()).toBe('one');
    expect((await b.body).toString()).toBe('two');
  });

  it('refuses a wrong token, another path, a GET, an unawaited frame, a second body, and a length over the bound or undeclared', async () => {
    const wait = server.expect('3', 8);
    const port = server.port;
    const real = server.url('3');
    const statuses = [
      await send(`http://127.0.0.1:${port}/${'0'.repeat(32)}/3`, { body: Buffer.from('x'), length: 1 }),
      await send(`http://127.0.0.1:${port}/elsewhere`, { body: Buffer.from('x'), length: 1 }),
      await send(real, { method: 'GET' }),
      await send(server.url('4'), { body: Buffer.from('x'), length: 1 }),
      await send(real, { body: Buffer.alloc(9), length: 9 }),
      await send(real, { method: 'POST' }),
    ];
    expect(statuses.every((s) => s >= 400 || s === -1)).toBe(true);
    expect(refused).toHaveLength(6);
    // The report names each without the token.
    const token = real.split('/')[3];
    expect(refused.join('\n')).not.toContain(token);
    expect(refused[0]).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/0{32}\/3 \(not a frame the render asked for\)$/);
    expect(refused[3]).toMatch(/<token>\/4 \(no frame of that name is awaited\)/);
    // Still awaited after all that; taken once; a second body for it is refused.
    expect(await send(real, { body: Buffer.from('ok'), length: 2 })).toBe(204);
    expect((await wait.body).toString()).toBe('ok');
    expect(await send(real, { body: Buffer.from('again'), length: 5 })).toBeGreaterThanOrEqual(400);
    expect(refused).toHaveLength(7);
  });

  it('a body shorter than it declared fails its wait', async () => {
    const wait = server.expect('5', 100);
    await new Promise<void>((done) => {
      const req = http.request(server.url('5'), { method: 'POST', headers: { 'content-length': 10 } });
      req.on('error', () => undefined);
      req.write(Buffer.from('abc'));
      setTimeout(() => {
        req.destroy();
        done();
      }, 100);
    });
    await expect(wait.body).rejects.toThrow();
  });

  it('a cancelled wait rejects and frees its name; closing rejects what is still awaited', async () => {
    const a = server.expect('6', 10);
    a.cancel(new Error('the page call failed'));
    await expect(a.body).rejects.toThrow('the page call failed');
    expect(await send(server.url('6'), { body: Buffer.from('x'), length: 1 })).toBeGreaterThanOrEqual(400);
    const b = server.expect('6', 10);
    await server.close();
    await expect(b.body).rejects.toThrow('closed');
    server = await startFrameServer(() => undefined); // for afterEach
  });

  it('only names of a few letters and digits; each awaited once at a time; owns its own URLs alone', () => {
    expect(() => server.expect('../x', 10)).toThrow(/bad name/);
    server.expect('9', 10);
    expect(() => server.expect('9', 10)).toThrow(/already awaited/);
    expect(server.owns(server.url('9'))).toBe(true);
    expect(server.owns(`http://127.0.0.1:${server.port}/`)).toBe(false);
    expect(server.owns(server.url('9').replace('127.0.0.1', 'localhost'))).toBe(false);
  });
});
