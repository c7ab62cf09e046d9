import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/server/app.ts';
import { createSiteServer } from '../../src/server/http/slow-clients.ts';
import { startPublishing } from '../../src/server/publication/scheduler.ts';
import type { TestDeps } from './test-db.ts';

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/** The real Express app on a random loopback port. */
export async function startServer(deps: TestDeps, options: { clientDir?: string } = {}): Promise<TestServer> {
  // Every dependency the test built (the cache among them) is the app's, so direct procedure calls and HTTP share them.
  const app = createApp({ ...deps, clientDir: options.clientDir ?? '/nonexistent' });
  // As a node does (src/server/node.ts): scheduled items go out at their times, and what fell due
  // while it was down is published before it listens.
  startPublishing(deps);
  await deps.publication.settled();
  const server = await new Promise<Server>((resolve) => {
    const s = createSiteServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A fetch with a cookie jar, as a browser or the original axios client would keep one. */
export class CookieClient {
  readonly cookies = new Map<string, string>();
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    const response = await fetch(this.base + pathname, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** The XSRF header as the original client sends it, from the cookie. */
  xsrfHeaders(): Record<string, string> {
    const token = this.cookies.get('XSRF-TOKEN');
    return token ? { 'X-XSRF-TOKEN': decodeURIComponent(token) } : {};
  }
}
