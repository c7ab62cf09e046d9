import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../../src/server/http/compress.ts';
import { promotedPerRequest } from '../setup/gc-trace.ts';
import { repoRoot } from '../setup/paths.ts';

const page = '<!doctype html><p>' + 'زنان، زندگی، آزادی. Women, life, freedom. '.repeat(200);
const chunkText = 'a line of a long answer, written in pieces\n'.repeat(100);

let server: http.Server;
let base: string;
/** What the handlers' callbacks saw. */
const called: string[] = [];
/** Resolved by the test once the first encoded bytes of /flushed could be read. */
let readFirstPart: () => void = () => {};
const warnings: string[] = [];
const warned = (warning: Error) => warnings.push(warning.name);

beforeAll(async () => {
  const app = express();
  app.use(compress());
  app.get('/page', (_req, res) => void res.type('html').send(page));
  app.get('/small', (_req, res) => void res.type('html').send('<p>short</p>'));
  app.get('/json', (_req, res) => void res.json({ items: Array.from({ length: 100 }, (_, id) => ({ id, title: `item ${id}` })) }));
  app.get('/no-transform', (_req, res) => void res.set('Cache-Control', 'public, no-transform').type('html').send(page));
  app.get('/encoded', (_req, res) => void res.set('Content-Encoding', 'gzip').type('html').send(zlib.gzipSync(page)));
  app.get('/picture', (_req, res) => void res.type('png').send(Buffer.alloc(5000, 7)));
  app.get('/head-given', (_req, res) => {
    res.writeHead(201, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(page);
  });
  // Written in pieces, waiting for `drain` as a piped file does: 200 pieces of 4 KB.
  app.get('/pieces', (_req, res) => {
    res.type('text/plain');
    let left = 200;
    const more = () => {
      while (left > 0) {
        left--;
        if (!res.write(chunkText)) return void res.once('drain', more);
      }
      res.end();
    };
    more();
  });
  app.get('/callbacks', (_req, res) => {
    res.type('html');
    res.write(page, () => called.push('write'));
    res.end(() => called.push('end'));
  });
  app.get('/flat-headers', (_req, res) => {
    res.setHeader('Set-Cookie', 'old=1');
    res.writeHead(200, ['Content-Type', 'text/html', 'Set-Cookie', 'a=1', 'Set-Cookie', 'b=2']);
    res.end(page);
  });
  // A streamed answer: its first part must reach the reader before the end (tRPC flushes each part).
  app.get('/flushed', (_req, res) => {
    res.type('html');
    res.write(page);
    (res as unknown as { flush(): void }).flush();
    const fallback = setTimeout(() => res.end('<p>ended without the first part read</p>'), 5_000);
    readFirstPart = () => {
      clearTimeout(fallback);
      res.end('<p>the end</p>');
    };
  });
  process.on('warning', warned);
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  process.off('warning', warned);
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  text: string;
}

/** The answer as sent (node:http does not decode), and its decoded text. */
function ask(address: string, acceptEncoding?: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(base + address, { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const coding = response.headers['content-encoding'];
        const decoded =
          coding === 'br' ? zlib.brotliDecompressSync(raw) : coding === 'gzip' ? zlib.gunzipSync(raw) : coding === 'deflate' ? zlib.inflateSync(raw) : raw;
        resolve({ status: response.statusCode!, headers: response.headers, raw, text: decoded.toString() });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

describe('compressed answers', () => {
  it('are encoded as the reader accepts, brotli first, and read back the same', async () => {
    for (const [accepted, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['deflate', 'deflate'],
      ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ] as const) {
      const answer = await ask('/page', accepted);
      expect(answer.headers['content-encoding'], accepted).toBe(coding);
      expect(answer.headers['content-length']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.raw.length).toBeLessThan(Buffer.byteLength(page) / 5);
      expect(answer.text).toBe(page);
    }
    const json = await ask('/json', 'br');
    expect(json.headers['content-encoding']).toBe('br');
    expect(JSON.parse(json.text).items).toHaveLength(100);
  });

  it('are sent as they are to a reader who takes no encoding, or none of ours', async () => {
    for (const accepted of [undefined, 'identity', 'zstd']) {
      const answer = await ask('/page', accepted);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(page));
      expect(answer.text).toBe(page);
    }
  });

  it('leave alone what is small, not compressible, already encoded, or may not be transformed', async () => {
    const small = await ask('/small', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.text).toBe('<p>short</p>');
    const picture = await ask('/picture', 'br');
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.raw.length).toBe(5000);
    const noTransform = await ask('/no-transform', 'br');
    expect(noTransform.headers['content-encoding']).toBeUndefined();
    expect(noTransform.text).toBe(page);
    const encoded = await ask('/encoded', 'br');
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(encoded.text).toBe(page);
  });

  it('answer HEAD with the headers only, unencoded', async () => {
    const head = await ask('/page', 'br', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.raw.length).toBe(0);
  });

  it('read the headers handed to writeHead, and keep its status', async () => {
    const answer = await ask('/head-given', 'gzip');
    expect(answer.status).toBe(201);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.text).toBe(page);
  });

  it('stream an answer written in pieces, passing on the encoder’s drain to a writer that waits for it', async () => {
    const answer = await ask('/pieces', 'br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.text).toBe(chunkText.repeat(200));
  });

  it('call the callbacks handed to write and end', async () => {
    const answer = await ask('/callbacks', 'br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.text).toBe(page);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(called).toEqual(['write', 'end']);
  });

  it('keep every value of a header named twice in a list handed to writeHead, replacing what was set', async () => {
    const answer = await ask('/flat-headers', 'gzip');
    expect(answer.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.text).toBe(page);
  });

  it('send what was encoded so far when the handler flushes, before the answer ends', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      http
        .get(base + '/flushed', { headers: { 'accept-encoding': 'gzip' } }, (response) => {
          const gunzip = zlib.createGunzip();
          let decoded = '';
          gunzip.on('data', (chunk: Buffer) => {
            if (!decoded) readFirstPart();
            decoded += chunk.toString();
          });
          gunzip.on('end', () => resolve(decoded));
          gunzip.on('error', reject);
          response.pipe(gunzip);
        })
        .on('error', reject);
    });
    expect(text).toBe(page + '<p>the end</p>');
  });

  it('take back a writer’s drain listeners from the encoder', () => {
    // /pieces waits with once('drain') 200 times: spent listeners left on the encoder would pile up.
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('leave nothing of a request to the old generation', async () => {
    const { perRequest, collections } = await promotedPerRequest(path.join(repoRoot, 'tests/setup/compress-server.ts'), 2_000, {
      'accept-encoding': 'identity',
    });
    expect(collections).toBeGreaterThan(5);
    // The `compression` middleware's closures over the request kept about 4.5 KB of every request.
    expect(perRequest).toBeLessThan(1024);
  }, 60_000);
});
