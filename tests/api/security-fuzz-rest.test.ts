import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encode, fieldNames, garbageBody, makeOneOfEachKind, nastyString, nastyValue, nextAddress, oddQuery, shapedInput } from '../factories/fuzz.ts';
import { allFilesUnder, rowCounts } from '../setup/db-snapshot.ts';
import { siteForAllTests } from '../setup/per-test.ts';
import { folderOf } from '../setup/stored.ts';

const lists = [
  '/api/news',
  '/api/articles',
  '/api/article',
  '/api/report',
  '/api/reports',
  '/api/gallery',
  '/api/awareness',
  '/api/story',
  '/api/stories',
  '/api/config',
];
const details = ['/api/news', '/api/articles', '/api/report', '/api/awareness', '/api/story'];
const forms = ['/api/contact', '/api/story', '/api/stories', '/api/subscribe', '/api/login'];

const site = siteForAllTests({ RATE_LIMIT_PUBLIC_WRITES: '0', RATE_LIMIT_UPLOADS: '0' }, makeOneOfEachKind);
let faults: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  faults = vi.spyOn(console, 'error');
});
afterAll(() => faults.mockRestore());

const state = async () => ({ rows: await rowCounts(site.deps), files: allFilesUnder(folderOf(site.deps.storage).root) });
let calls = 0;

async function send(pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('X-Forwarded-For', nextAddress());
  headers.set('accept', 'application/json');
  const before = await state();
  const response = await fetch(site.server.url + pathname, { ...init, headers });
  await response.arrayBuffer();
  const { status } = response;
  expect(status, `${init.method ?? 'GET'} ${pathname.slice(0, 120)} answered ${status}`).toBeLessThan(500);
  if (status >= 400) {
    const after = await state();
    // A wrong password is written to the audit log by design; nothing else may change.
    if (pathname === '/api/login' && status === 401) {
      expect(after.rows.audit_log).toBe((before.rows.audit_log ?? 0) + 1);
      after.rows.audit_log = before.rows.audit_log ?? 0;
    }
    expect(after, `${pathname} kept something of a refused request`).toEqual(before);
  }
  calls += 1;
  if (calls % 10 === 0) await healthy();
  return status;
}

async function healthy() {
  const response = await fetch(`${site.server.url}/healthz`);
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

describe('the public REST endpoints, fuzzed', () => {
  it('answer list requests with odd query strings without a server fault', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...lists), oddQuery, async (pathname, query) => {
        await send(`${pathname}?${query}`);
      }),
      { numRuns: 200 },
    );
    await healthy();
  });

  it('answer detail requests with odd ids without a server fault', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...details), nastyString, fc.boolean(), async (pathname, id, raw) => {
        const segment = raw && /^[\x21-\x7e]+$/.test(id) && !/[/?#]/.test(id) ? id : encode(id);
        await send(`${pathname}/${segment}`);
      }),
      { numRuns: 150 },
    );
    await healthy();
  });

  it('answer the public forms sent any JSON, urlencoded or broken body without a server fault, keeping nothing refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...forms),
        fc.oneof(
          shapedInput.map((v) => JSON.stringify(v)),
          nastyValue.map((v) => JSON.stringify(v)),
          garbageBody,
        ),
        fc.constantFrom(
          'application/json',
          'application/x-www-form-urlencoded',
          'text/plain',
          'application/json; charset=utf-16',
          'multipart/form-data; boundary=x',
        ),
        async (pathname, body, type) => {
          await send(pathname, { method: 'POST', headers: { 'content-type': type }, body });
        },
      ),
      { numRuns: 200 },
    );
    await healthy();
  });

  it('answer the public forms sent any multipart fields and files without a server fault, keeping nothing refused', async () => {
    const names = fc.oneof(
      fc.constantFrom(
        ...fieldNames,
        'image',
        'media',
        'file',
        'a[0]',
        'a[99999999]',
        'a[b][c][d]',
        '__proto__[polluted]',
        'constructor[prototype][polluted]',
        'title[]',
      ),
      fc.string({ maxLength: 10 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...forms),
        fc.array(fc.tuple(names, nastyString), { maxLength: 12 }),
        fc.option(fc.tuple(fc.constantFrom('image', 'media', 'photo'), fc.uint8Array({ maxLength: 300 })), { nil: undefined }),
        async (pathname, fields, file) => {
          const form = new FormData();
          for (const [name, value] of fields) form.append(name, value);
          if (file) form.append(file[0], new Blob([file[1]]), 'photo.jpg');
          await send(pathname, { method: 'POST', body: form });
        },
      ),
      { numRuns: 150 },
    );
    await healthy();
  });

  it('printed no server fault while being fuzzed, and nothing was polluted', () => {
    expect(faults).not.toHaveBeenCalled();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(calls).toBeGreaterThan(600);
  });
});
