import fs from 'node:fs';
import zlib from 'node:zlib';
import compression from 'compression';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type ErrorRequestHandler } from 'express';
import { message } from '../shared/messages.ts';
import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import { cachedReads, conditionalGet, ResponseCache } from './http/conditional.ts';
import { feedsRoute } from './http/feeds.ts';
import { pageRoute } from './http/render.ts';
import { securityHeaders } from './http/security-headers.ts';
import { precompressedAssets } from './http/static-assets.ts';
import { issueCsrfCookie, requestContext } from './http/request-context.ts';
import { uploadsRoute } from './http/uploads-route.ts';
import type { Clock } from './publication/clock.ts';
import { startPublishing } from './publication/scheduler.ts';
import { restRouter } from './rest/index.ts';
import type { Deps } from './trpc/context.ts';
import { ThrottledError } from './trpc/errors.ts';
import { appRouter } from './trpc/router.ts';
import { createStorage, type Storage } from './uploads/storage.ts';

export const clientDist = fileURLToPath(new URL('../../dist/client', import.meta.url));

export interface AppOptions {
  db: Db;
  env: Env;
  storage?: Storage;
  /** Time for scheduled publishing; tests pass a clock they move by hand. */
  clock?: Clock;
  /** Folder of the built client; when it has no index.html only the API is served. */
  clientDir?: string;
}

/** The whole HTTP face of the site; tests build it on a fresh database. */
export function createApp(options: AppOptions) {
  const deps: Deps = { db: options.db, env: options.env, storage: options.storage ?? createStorage(options.env.STORAGE_DIR), clock: options.clock };
  // Scheduled items go live at their time from now on, and those that fell due while the server was down, at once.
  startPublishing(deps);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  // Anonymous reads already answered once are sent from memory before any other middleware runs.
  const responses = new ResponseCache();
  app.use(cachedReads(deps, responses));
  app.use(securityHeaders(deps.env));
  // Brotli at a quick level: most of the gain for a fraction of the CPU on a small server.
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }, threshold: 1024 }));

  app.get('/healthz', (_req, res) => {
    deps.db.$client.prepare('select 1').get();
    res.json({ status: 'ok' });
  });

  const csrfCookie: express.RequestHandler = (req, res) => {
    issueCsrfCookie(deps, res);
    res.status(204).end();
  };
  app.get('/sanctum/csrf-cookie', csrfCookie);
  app.get('/api/sanctum/csrf-cookie', csrfCookie);

  app.use('/trpc', conditionalGet(deps, responses));
  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req, res }) => requestContext(deps, req, res),
      maxBodySize: 1024 * 1024,
      responseMeta({ errors }) {
        const wait = errors.map((error) => (error.cause instanceof ThrottledError ? error.cause.retryAfterSeconds : 0)).reduce((a, b) => Math.max(a, b), 0);
        return wait > 0 ? { headers: new Headers({ 'Retry-After': String(wait) }) } : {};
      },
      onError({ error, path: procedure }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`tRPC ${procedure ?? '?'} failed:`, error.cause ?? error);
      },
    }),
  );

  app.use(['/sitemap.xml', '/rss'], conditionalGet(deps, responses));
  app.use(feedsRoute(deps));
  app.use('/api/uploads', uploadsRoute(deps));
  app.use('/api', conditionalGet(deps, responses));
  app.use('/api', restRouter(deps));

  const notFoundFile: express.RequestHandler = (_req, res) => {
    res.status(404).end();
  };
  app.use(
    '/storage',
    (req, res, next) => {
      // Only processed media is public: no dotfiles, no half-written or incoming files.
      if (!/^\/(images|videos)\/[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+$/.test(req.path)) return res.status(404).end();
      res.setHeader('X-Content-Type-Options', 'nosniff');
      next();
    },
    express.static(deps.storage.root, { dotfiles: 'deny', index: false, immutable: true, maxAge: '365d' }),
    // A file that is not there is the client's 404, not a server error (fallthrough: false would reach onError as a 500).
    notFoundFile,
  );

  const clientDir = options.clientDir ?? clientDist;
  const indexHtml = path.join(clientDir, 'index.html');
  if (fs.existsSync(indexHtml)) {
    const assetsDir = path.join(clientDir, 'assets');
    app.use('/assets', precompressedAssets(assetsDir), express.static(assetsDir, { immutable: true, maxAge: '365d' }), notFoundFile);
    app.use(express.static(clientDir, { index: false }));
    app.get('/{*splat}', conditionalGet(deps, responses), pageRoute(deps, clientDir));
  }

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    console.error(`${req.method} ${req.path} failed:`, error);
    if (res.headersSent) return;
    const lang = requestContext(deps, req, res).lang;
    res.status(500).json({ success: false, message: message(lang, 'serverError') });
  };
  app.use(onError);
  return app;
}
