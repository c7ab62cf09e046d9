import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from '../setup/http.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
let server: TestServer;
let port: number;
beforeAll(async () => {
  deps = createTestDeps();
  // A client folder with a page shell, so the server-rendered page routes are mounted too.
  const clientDir = path.join(deps.dir, 'client');
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  server = await startServer(deps, { clientDir });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server.close();
  await deps.cleanup();
});

/** Sends bytes exactly as written (fetch would clean a malformed URL up) and answers the status line. */
function rawRequest(text: string): Promise<number> {
  return new Promise((resolve, reject) => {
    // Written, not ended: a half-closed socket would be a client that left before the answer.
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.setTimeout(5000, () => socket.destroy());
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

const get = (target: string, headers = '') => `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`;
const post = (target: string, type: string, body: string) =>
  `POST ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;

const cheapRequests: Record<string, string> = {
  'a malformed page URL': get('/%E0%A4%A'),
  'a malformed page URL with a query': get('/news/%E0%A4%A?page=%E0'),
  'a malformed feed URL': get('/rss/%E0%A4%A'),
  'a malformed API URL': get('/api/news/%E0%A4%A'),
  'a malformed tRPC path': get('/trpc/%E0%A4%A'),
  'a malformed storage URL': get('/storage/images/%E0%A4%A.png'),
  'a malformed asset URL': get('/assets/%E0%A4%A.js'),
  'unparseable tRPC input in the query': get('/trpc/news.list?input=%7Bbad'),
  'a tRPC procedure path into the prototype': get('/trpc/__proto__.constructor'),
  'bad JSON to the REST API': post('/api/contact', 'application/json', '{bad'),
  'bad JSON to tRPC': post('/trpc/contacts.create', 'application/json', '{bad'),
  'JSON nested 20,000 deep': post('/api/contact', 'application/json', '['.repeat(20_000) + ']'.repeat(20_000)),
  'an unknown charset': post('/api/contact', 'application/json; charset=klingon', '{}'),
  'a broken urlencoded body': post('/api/contact', 'application/x-www-form-urlencoded', 'a=%E0%A4%'),
  'a multipart body with a broken part header': post('/api/contact', 'multipart/form-data; boundary=zz', '--zz\r\nbroken stuff\r\n'),
  'a multipart body cut off': post(
    '/api/story',
    'multipart/form-data; boundary=zz',
    '--zz\r\nContent-Disposition: form-data; name="media"; filename="a.png"\r\n\r\nabc',
  ),
  'a multipart body without a boundary': post('/api/uploads', 'multipart/form-data', '--zz\r\nbroken\r\n'),
  'superjson metadata naming a missing path': post(
    '/trpc/contacts.create',
    'application/json',
    '{"json":{"name":"a"},"meta":{"values":{"__proto__.x":["Date"]}}}',
  ),
  'a gzip body that is not gzip': `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 4\r\nConnection: close\r\n\r\nabcd`,
  'cookies that are not valid percent-encoding': get('/api/user', 'Cookie: session=%E0%A4%A; lang=%FF; XSRF-TOKEN=%E0\r\n'),
  'a huge header': get('/', `X-Big: ${'a'.repeat(20_000)}\r\n`),
  'an unknown method': 'BREW / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
};

describe('cheap malformed requests', () => {
  it('answers a malformed URL with 400 and one line in the log, not a stack trace', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await rawRequest(get('/%E0%A4%A'))).toBe(400);
      const lines = [...warn.mock.calls, ...error.mock.calls].map((args) =>
        args.map((arg) => (arg instanceof Error ? String(arg.stack) : String(arg))).join(' '),
      );
      expect(lines).toHaveLength(1);
      expect(lines[0]).toBe('400 GET "/%E0%A4%A": "Failed to decode param \'%E0%A4%A\'"');
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it.each(Object.keys(cheapRequests))('answers %s with a 4xx and writes no stack trace', async (name) => {
    const logged: string[] = [];
    const record = (...args: unknown[]) => logged.push(args.map((arg) => (arg instanceof Error ? String(arg.stack) : String(arg))).join(' '));
    const spies = (['error', 'warn', 'log', 'info'] as const).map((method) => vi.spyOn(console, method).mockImplementation(record));
    try {
      const status = await rawRequest(cheapRequests[name]!);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(logged.join('\n')).not.toMatch(/\n\s+at /);
      expect(logged.every((line) => !line.includes('\n'))).toBe(true);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

/** Sends bytes exactly as written and answers the whole response as text. */
function rawExchange(targetPort: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(targetPort, '127.0.0.1', () => socket.write(text));
    socket.setTimeout(5000, () => socket.destroy());
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

describe('a client that goes away', () => {
  it('in the middle of an upload leaves at most one line in the log, never a stack trace', async () => {
    const logged: string[] = [];
    const record = (...args: unknown[]) => logged.push(args.map((arg) => (arg instanceof Error ? String(arg.stack) : String(arg))).join(' '));
    const spies = (['error', 'warn'] as const).map((method) => vi.spyOn(console, method).mockImplementation(record));
    try {
      await new Promise<void>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/uploads?purpose=story HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=zz\r\nContent-Length: 5000000\r\n\r\n' +
              '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n' +
              'x'.repeat(10_000),
          );
          setTimeout(() => socket.destroy(), 300);
        });
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      });
      // The server has noticed by the time its temporary file is gone.
      await expect.poll(() => fs.readdirSync(deps.storage.scratch).filter((name) => !name.startsWith('.')), { timeout: 3000 }).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(logged.join('\n')).not.toMatch(/\n\s+at /);
      expect(logged.length).toBeLessThanOrEqual(1);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('a failure a reader meets on a page', () => {
  it('answers a malformed page address with a page in her language that leads home, and scripts with JSON', async () => {
    const page = await rawExchange(port, get('/%E0%A4%A', 'Accept: text/html,application/xhtml+xml\r\nCookie: lang=fa\r\n'));
    expect(page).toMatch(/^HTTP\/1\.1 400/);
    expect(page).toMatch(/content-type: text\/html/i);
    expect(page).toContain('<html lang="fa" dir="rtl">');
    expect(page).toContain('این نشانی خوانا نیست. آن را بررسی کنید یا از صفحهٔ نخست دوباره شروع کنید.');
    expect(page).toContain('<a href="/"');
    expect(page).not.toContain('دوباره امتحان کنید');
    const api = await rawExchange(port, get('/api/news/%E0%A4%A', 'Accept: text/html\r\n'));
    expect(api).toMatch(/^HTTP\/1\.1 400/);
    expect(api).toMatch(/content-type: application\/json/i);
    expect(api).not.toContain('<html');
  });

  it('answers a page whose rendering fails with a page in her language and a Try again link, and logs the fault', async () => {
    const broken = createTestDeps();
    const clientDir = path.join(broken.dir, 'client');
    fs.mkdirSync(clientDir, { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    fs.mkdirSync(path.join(broken.dir, 'server'), { recursive: true });
    fs.writeFileSync(path.join(broken.dir, 'server', 'entry-server.js'), "export function render() { throw new Error('the renderer is down'); }\n");
    const brokenServer = await startServer(broken, { clientDir });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const [lang, sentence, retry] of [
        ['en', 'Something went wrong on our side and this page could not be shown.', 'Try again'],
        ['fa', 'مشکلی در سمت ما پیش آمد و این صفحه نمایش داده نشد.', 'دوباره امتحان کنید'],
      ] as const) {
        const response = await fetch(`${brokenServer.url}/about?lang=${lang}`, { headers: { accept: 'text/html' } });
        expect(response.status).toBe(500);
        expect(response.headers.get('cache-control')).toBe('no-store');
        const html = await response.text();
        expect(html).toContain(`<html lang="${lang}"`);
        expect(html).toContain(sentence);
        expect(html).toContain(`<a href="/about?lang=${lang}" style="color:#6b2155;font-weight:600">${retry}</a>`);
        expect(html).not.toContain('the renderer is down');
      }
      expect(error).toHaveBeenCalled();
    } finally {
      error.mockRestore();
      await brokenServer.close();
      await broken.cleanup();
    }
  });
});
