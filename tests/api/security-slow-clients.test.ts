import { randomBytes } from 'node:crypto';
import net from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_MIN_BYTES, BODY_WINDOW_MS, HEADERS_TIMEOUT_MS } from '../../src/server/http/slow-clients.ts';
import { startServer, type TestServer } from '../setup/http.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import fs from 'node:fs';
import { makeLegalItem } from '../factories/index.ts';
import { makeVideoUpload } from '../factories/media.ts';
import { folderOf } from '../setup/stored.ts';

let deps: TestDeps;
let server: TestServer;
let port: number;
beforeAll(async () => {
  deps = createTestDeps({ RATE_LIMIT_UPLOADS: '0', RATE_LIMIT_PUBLIC_WRITES: '0' });
  server = await startServer(deps);
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server.close();
  await deps.cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A client that sends `head` at once and then `trickle`, a byte at a time, one a second; answers
 * when the server closed the connection (ms after connecting), or null if it was still open at `giveUpMs`.
 */
function slowClient(head: string, trickle: string, giveUpMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let done = false;
    const finish = (value: number | null) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(value);
    };
    const trickleOut = async () => {
      socket.write(head);
      for (const char of trickle) {
        await sleep(1000);
        if (done || socket.destroyed) return;
        socket.write(char);
      }
    };
    socket.on('connect', () => void trickleOut());
    socket.on('data', () => {});
    socket.on('close', () => finish(Date.now() - started));
    socket.on('error', () => finish(Date.now() - started));
    setTimeout(() => finish(null), giveUpMs);
  });
}

/** A phone on a slow network: a multipart upload of `file` sent at `bytesPerSecond`, in small writes. */
function slowUpload(file: Buffer, bytesPerSecond: number): Promise<{ status: number; seconds: number }> {
  const boundary = `----phone${randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const head = `POST /api/uploads HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const sendSlowly = async () => {
      socket.write(head);
      const chunk = Math.ceil(bytesPerSecond / 10);
      for (let offset = 0; offset < body.length && !socket.destroyed; offset += chunk) {
        socket.write(body.subarray(offset, offset + chunk));
        await sleep(100);
      }
    };
    socket.on('connect', () => void sendSlowly());
    socket.on('data', (data: Buffer) => (answer += data.toString('latin1')));
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), seconds: (Date.now() - started) / 1000 }));
    socket.on('error', reject);
  });
}

describe('slow clients on the real listening server', () => {
  it('closes sockets whose body trickles in or whose headers never end, while a phone at 400 kbit/s still uploads its photo', async () => {
    // A photo of about 600 KB that does not compress: 12 s at 400 kbit/s (50 KB/s).
    const photo = await sharp(randomBytes(450 * 450 * 3), { raw: { width: 450, height: 450, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(500_000);
    const phone = slowUpload(photo, 50_000);

    const bodyHead = `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"`;
    const slowBodies = Array.from({ length: 25 }, () => slowClient(bodyHead, 'x'.repeat(60), 40_000));
    const slowHeaders = Array.from({ length: 25 }, () => slowClient('GET / HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: ' + 'a'.repeat(60), 40_000));

    const bodyClosed = await Promise.all(slowBodies);
    const headersClosed = await Promise.all(slowHeaders);
    // Each trickling body falls below the floor in its first window and is cut after it (plus a little slack).
    for (const ms of bodyClosed) expect(ms).not.toBeNull();
    for (const ms of bodyClosed) expect(ms!).toBeLessThanOrEqual(2 * BODY_WINDOW_MS + 3_000);
    // Headers that never end are refused once their deadline passes (Node checks every 2 s).
    for (const ms of headersClosed) expect(ms).not.toBeNull();
    for (const ms of headersClosed) expect(ms!).toBeLessThanOrEqual(HEADERS_TIMEOUT_MS + 5_000);

    const upload = await phone;
    expect(upload.status).toBe(201);
    expect(upload.seconds).toBeGreaterThan(photo.length / 50_000 - 2);
    expect(BODY_MIN_BYTES / (BODY_WINDOW_MS / 1000)).toBeLessThan(50_000 / 10);
  }, 60_000);

  it('closes the socket of a client that asks for a large video and stops reading it, and serves one that reads', async () => {
    const video = await makeVideoUpload(deps);
    await makeLegalItem(deps, { mediaUploadId: video.id });
    // 40 MB: far more than the sockets' buffers on both sides can hold.
    fs.writeFileSync(folderOf(deps.storage).absolute(video.path), Buffer.alloc(40 * 1024 * 1024, 7));
    const request = `GET /storage/${video.path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`;

    // The client reads the first bytes, then nothing for two windows and a little more; then it
    // reads again to see what is left for it. Had the server kept the socket, all 40 MB would come.
    const stalled = await new Promise<{ received: number; ended: boolean }>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let received = 0;
      socket.on('data', (chunk: Buffer) => (received += chunk.length));
      socket.once('data', () => {
        socket.pause();
        setTimeout(() => socket.resume(), 2 * BODY_WINDOW_MS + 3_000);
      });
      const done = (ended: boolean) => {
        socket.destroy();
        resolve({ received, ended });
      };
      socket.on('close', () => done(true));
      socket.on('error', () => done(true));
      setTimeout(() => done(false), 3 * BODY_WINDOW_MS + 5_000);
    });
    expect(stalled.ended).toBe(true);
    expect(stalled.received).toBeGreaterThan(0);
    expect(stalled.received).toBeLessThan(40 * 1024 * 1024);

    const whole = await fetch(`${server.url}/storage/${video.path}`);
    expect((await whole.arrayBuffer()).byteLength).toBe(40 * 1024 * 1024);
  }, 60_000);
});
