import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCsrfToken } from '../../src/server/auth/csrf.ts';
import { sendJson, utf8Bytes } from '../../src/server/http/utf8-bytes.ts';

// Texts whose bytes every sender must keep: Persian with joiners and bidi controls, astral
// characters, lone surrogates (written as U+FFFD, as Buffer.from writes them), and sizes on both
// sides of the scratch buffer (256 KB): Persian that fits in it, emoji and é that do not (then
// Buffer.from encodes them), and a text that fills it but for its last character.
const texts = [
  '',
  'a',
  'زنان، زندگی، آزادی\u200c\u202e\u2067 Women, life, freedom 😀',
  '\ud800 lone \udc00 surrogates \udc00\ud800',
  'ف'.repeat(85_000),
  'ف'.repeat(100_000),
  '😀'.repeat(70_000),
  'x'.repeat(300_000),
  'é'.repeat(262_144),
  'a'.repeat(262_142) + '😀',
];

describe('utf8Bytes', () => {
  it('gives the bytes Buffer.from gives, for any text', () => {
    for (const text of texts) expect(utf8Bytes(text).equals(Buffer.from(text))).toBe(true);
  });

  it('hands out bytes of their own: a later text does not change an earlier answer', () => {
    const first = utf8Bytes('first answer, زنان');
    const copy = Buffer.from(first);
    utf8Bytes('a second answer that is longer than the first one');
    expect(first.equals(copy)).toBe(true);
  });
});

describe('sendJson', () => {
  let server: http.Server;
  let base: string;
  const value = { items: texts.slice(0, 4).map((title, id) => ({ id, title, at: new Date(0) })), total: 4 };

  beforeAll(async () => {
    const app = express();
    app.get('/express', (_req, res) => void res.status(201).json(value));
    app.get('/ours', (_req, res) => sendJson(res.status(201), value));
    app.get('/typed', (_req, res) => sendJson(res.type('application/problem+json'), value));
    app.get('/nothing', (_req, res) => sendJson(res, undefined));
    app.get('/escaped', (req, res) => {
      req.app.set('json escape', true);
      sendJson(res, { html: '<script>' });
      req.app.set('json escape', undefined);
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const answer = async (path: string, method = 'GET') => {
    const response = await fetch(base + path, { method });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      length: response.headers.get('content-length'),
      body: Buffer.from(await response.arrayBuffer()),
    };
  };

  it("answers exactly as Express's res.json: status, type, length and bytes", async () => {
    const [theirs, ours] = await Promise.all([answer('/express'), answer('/ours')]);
    expect(ours).toEqual(theirs);
    expect(ours.type).toBe('application/json; charset=utf-8');
    expect(JSON.parse(ours.body.toString())).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('keeps a type the route chose, and a HEAD gets no body', async () => {
    expect((await answer('/typed')).type).toBe('application/problem+json; charset=utf-8');
    const [theirs, ours] = await Promise.all([answer('/express', 'HEAD'), answer('/ours', 'HEAD')]);
    expect(ours).toEqual(theirs);
    expect(ours.body.length).toBe(0);
  });

  it('leaves a value with no JSON, and an app that set how JSON is written, to Express', async () => {
    expect((await answer('/nothing')).status).toBe(200);
    expect((await answer('/escaped')).body.toString()).toBe('{"html":"\\u003cscript\\u003e"}');
  });
});

describe('generateCsrfToken', () => {
  it('makes tokens of 32 random bytes that never repeat, across refills of its pool', () => {
    const tokens = Array.from({ length: 1_000 }, generateCsrfToken);
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(new Set(tokens).size).toBe(tokens.length);
    // Drawn bytes are spread: no byte value is missing from 32,000 of them.
    expect(new Set(tokens.flatMap((token) => [...Buffer.from(token, 'base64url')])).size).toBe(256);
  });
});
