import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAfterAnswer, LINGER } from '../../src/server/http/linger.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve).closeAllConnections())));
});

/** A server that refuses every request at once, before reading its body. */
async function refusingServer(limits = LINGER): Promise<number> {
  const server = http.createServer((req, res) => {
    closeAfterAnswer(req, res, limits);
    res.statusCode = 413;
    res.end('too large');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

interface Upload {
  answer: string;
  /** The error the connection ended with, if any (a reset shows as ECONNRESET or EPIPE). */
  error: string | null;
  sentBytes: number;
  ms: number;
}

/** Sends a POST of `bytes` in 64 KB writes, reading whatever comes back, until the server or the client is done. */
function upload(port: number, bytes: number, options: { pauseMs?: number; headersOnly?: boolean } = {}): Promise<Upload> {
  const started = Date.now();
  return new Promise((resolve) => {
    // Half-open: it goes on sending after the server's end, as a client busy uploading does.
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let answer = '';
    let error: string | null = null;
    let sentBytes = 0;
    let closed = false;
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', (cause: NodeJS.ErrnoException) => (error = cause.code ?? cause.message));
    socket.on('close', () => {
      closed = true;
      resolve({ answer, error, sentBytes, ms: Date.now() - started });
    });
    socket.write(`POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nContent-Length: ${bytes}\r\n\r\n`);
    // A client with nothing more to send closes its side once the server has closed its own.
    if (options.headersOnly) return socket.on('end', () => socket.end());
    const chunk = Buffer.alloc(64 * 1024, 7);
    const next = () => {
      if (closed || sentBytes >= bytes) return socket.end();
      const part = chunk.subarray(0, Math.min(chunk.length, bytes - sentBytes));
      sentBytes += part.length;
      socket.write(part, () => setTimeout(next, options.pauseMs ?? 0));
    };
    next();
  });
}

describe('closing the connection after an early answer', () => {
  it('lets a client still sending its body read the answer, without a reset', async () => {
    const port = await refusingServer();
    for (let round = 0; round < 5; round++) {
      const result = await upload(port, 8 * 1024 * 1024);
      expect(result.error).toBeNull();
      expect(result.answer).toMatch(/^HTTP\/1\.1 413 .*\r\nconnection: close\r\n[\s\S]*\r\n\r\ntoo large$/i);
      expect(result.sentBytes).toBe(8 * 1024 * 1024);
    }
  });

  it('cuts off a client that sends more than it may', async () => {
    const port = await refusingServer({ maxMs: 30_000, quietMs: 5_000, maxBytes: 1024 * 1024 });
    const result = await upload(port, 64 * 1024 * 1024);
    expect(result.answer).toMatch(/too large$/);
    expect(result.sentBytes).toBeLessThan(64 * 1024 * 1024);
  });

  it('cuts off a client that sends for longer than it may, or goes quiet', async () => {
    const port = await refusingServer({ maxMs: 400, quietMs: 200, maxBytes: 64 * 1024 * 1024 });
    const slow = await upload(port, 64 * 1024 * 1024, { pauseMs: 20 });
    expect(slow.answer).toMatch(/too large$/);
    expect(slow.sentBytes).toBeLessThan(64 * 1024 * 1024);
    expect(slow.ms).toBeLessThan(5_000);
    const quiet = await upload(port, 1024 * 1024, { headersOnly: true });
    expect(quiet.answer).toMatch(/too large$/);
    expect(quiet.ms).toBeLessThan(5_000);
  });
});
