import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../setup/paths.ts';
import { startServer, type TestServer } from '../setup/http.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
let server: TestServer;
let assets: string;

const script = 'export function greet(name) { return `Hello, ${name}: the schools stay open.`; }\n'.repeat(80);
const styles = '.card { margin-inline-start: 1rem; padding: 0.5rem; color: #5b2245; }\n'.repeat(60);
const font = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256));

/** A stand-in client build, precompressed by the same script `npm run build` ends with. */
beforeEach(async () => {
  deps = createTestDeps();
  const clientDir = path.join(deps.dir, 'client');
  assets = path.join(clientDir, 'assets');
  fs.mkdirSync(assets, { recursive: true });
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="en" dir="ltr"><head><title>t</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(assets, 'app-1a2b3c.js'), script);
  fs.writeFileSync(path.join(assets, 'index-4d5e6f.css'), styles);
  fs.writeFileSync(path.join(assets, 'tiny-777.js'), 'export const a = 1;\n');
  fs.writeFileSync(path.join(assets, 'vazirmatn-888.woff2'), font);
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts', 'precompress.mjs'), clientDir], { stdio: 'pipe' });
  server = await startServer(deps, { clientDir });
});
afterEach(async () => {
  await server.close();
  await deps.cleanup();
});

function rawGet(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(`${server.url}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the build step that precompresses assets', () => {
  it('writes brotli and gzip copies of text assets, and leaves fonts and tiny files alone', () => {
    const names = fs.readdirSync(assets).sort();
    expect(names).toEqual([
      'app-1a2b3c.js',
      'app-1a2b3c.js.br',
      'app-1a2b3c.js.gz',
      'index-4d5e6f.css',
      'index-4d5e6f.css.br',
      'index-4d5e6f.css.gz',
      'tiny-777.js',
      'vazirmatn-888.woff2',
    ]);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(assets, 'app-1a2b3c.js.br'))).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(assets, 'index-4d5e6f.css.gz'))).toString()).toBe(styles);
  });
});

describe('hashed assets over HTTP', () => {
  it('sends the brotli file to a browser, as the script it stands for, cached for a year', async () => {
    const plain = await rawGet('/assets/app-1a2b3c.js');
    const br = await rawGet('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(br.body).toEqual(fs.readFileSync(path.join(assets, 'app-1a2b3c.js.br')));
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
  });

  it('sends the gzip file to a reader without brotli, and the plain file to one asking for nothing', async () => {
    const gzip = await rawGet('/assets/index-4d5e6f.css', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(styles);
    const plain = await rawGet('/assets/index-4d5e6f.css', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body.toString()).toBe(styles);
  });

  it('revalidates each coding with its own ETag', async () => {
    const br = await rawGet('/assets/app-1a2b3c.js', { 'accept-encoding': 'br' });
    const gzip = await rawGet('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    const again = await rawGet('/assets/app-1a2b3c.js', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers HEAD with the headers of the brotli file and no body', async () => {
    const head = await rawGet('/assets/app-1a2b3c.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(fs.statSync(path.join(assets, 'app-1a2b3c.js.br')).size);
    expect(head.body.length).toBe(0);
  });

  it('sends fonts and small files as they are', async () => {
    const woff2 = await rawGet('/assets/vazirmatn-888.woff2', { 'accept-encoding': 'br' });
    expect(woff2.headers['content-encoding']).toBeUndefined();
    expect(woff2.headers['content-type']).toBe('font/woff2');
    expect(woff2.body).toEqual(font);
    const tiny = await rawGet('/assets/tiny-777.js', { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export const a = 1;\n');
  });

  it('falls back to the plain file, compressed on the fly, when a compressed copy has gone', async () => {
    fs.rmSync(path.join(assets, 'app-1a2b3c.js.br'));
    const response = await rawGet('/assets/app-1a2b3c.js', { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    const body = response.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(response.body) : response.body;
    expect(body.toString()).toBe(script);
    const deflate = await rawGet('/assets/app-1a2b3c.js', { 'accept-encoding': 'deflate' });
    expect(deflate.headers['content-encoding']).toBe('deflate');
    expect(zlib.inflateSync(deflate.body).toString()).toBe(script);
  });

  it('answers 404 for an asset that is not there, and never serves a compressed copy by its own name as a script', async () => {
    expect((await rawGet('/assets/missing-000.js', { 'accept-encoding': 'br' })).status).toBe(404);
    expect((await rawGet('/assets/..%2Fsite.db', { 'accept-encoding': 'br' })).status).toBe(404);
    const direct = await rawGet('/assets/app-1a2b3c.js.br');
    expect(direct.headers['content-encoding']).toBeUndefined();
    expect(direct.headers['content-type']).not.toMatch(/javascript/);
  });
});
