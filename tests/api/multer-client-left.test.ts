import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import type { Request, Response } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { Storage } from '../../src/server/uploads/storage.ts';
import { lazyMulter, runMulter } from '../../src/server/uploads/multer.ts';

let server: http.Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/**
 * A request may wait before its body is read (its turn, its budget, multer's first load). Multer
 * only learns of a client leaving once it reads: a client gone before then must not leave the
 * request waiting for the rest of its body for good (it would count as in the server forever).
 */
describe('reading a multipart body after its client left', () => {
  it('reports the body as broken at once instead of waiting for it', async () => {
    const outcome = new Promise<string | null>((resolve) => {
      server = http.createServer((req, res) => {
        // The handler starts reading only after the client has gone.
        req.once('close', () => {
          const reading = runMulter(lazyMulter(1024 * 1024, { scratch: os.tmpdir() } as Storage), req as Request, res as unknown as Response);
          const timeout = new Promise<string>((done) => setTimeout(() => done('still waiting after 2 s'), 2_000).unref());
          void Promise.race([reading, timeout]).then(resolve, (error: unknown) => resolve(`failed: ${String(error)}`));
        });
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server!.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    expect(await outcome).toBe('malformed');
  });
});
