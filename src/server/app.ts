import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.ts';
import type { TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express from 'express';
import { addresses } from './cache/addresses.ts';
import { httpCache } from './cache/index.ts';
import { siteState } from './db/schema.ts';
import { createDeps, type DepsParts } from './deps.ts';
import { batchLimits, passwordCheckingProcedures } from '../shared/trpc-calls.ts';
import { newsletterLinkRoutes } from './http/newsletter-links.ts';
import { errorHandler } from './http/client-errors.ts';
import { compress } from './http/compress.ts';
import { refuseCrossSiteWrites } from './http/cross-site.ts';
import { feedKey, feedsRoute } from './http/feeds.ts';
import { pageRenderer, pageRoute } from './http/render.ts';
import { CACHE_LANGUAGE_SETTING } from './http/request-language.ts';
import { securityHeaders } from './http/security-headers.ts';
import { precompressedAssets } from './http/static-assets.ts';
import { everyoneAlikeReads } from './http/everyone-alike.ts';
import { issueCsrfCookie, requestContext } from './http/request-context.ts';
import { trpcBatchLimits } from './http/trpc-batch-limits.ts';
import { singleQueries } from './http/trpc-single-query.ts';
import { trpcReadKey } from './http/trpc-read-key.ts';
import { visitorWork } from './http/visitor-work.ts';
import { uploadsRoute } from './http/uploads-route.ts';
import { mediaRoutes } from './http/media-route.ts';
import { formPostRoute } from './forms/post-route.ts';
import { keptSearchRoute, searchPostRoute } from './http/search-post.ts';
import { restReadKey, restReadProcedure } from './rest/public-reads.ts';
import { restRouter } from './rest/index.ts';
import { ThrottledError } from './trpc/errors.ts';
import { refuseBatchedPasswordChecks } from './trpc/alone.ts';
import { appRouter } from './trpc/router.ts';

/** The largest tRPC request body: a batch of mutations, or a posted batch of queries. */
const TRPC_MAX_BODY = 1024 * 1024;

/** A refusal for too many requests says when to come back. */
function retryAfterHeaders(errors: TRPCError[]): Record<string, string> {
  const wait = errors.map((error) => (error.cause instanceof ThrottledError ? error.cause.retryAfterSeconds : 0)).reduce((a, b) => Math.max(a, b), 0);
  return wait > 0 ? { 'Retry-After': String(wait) } : {};
}

const clientDist = path.join(repoRoot, 'dist', 'client');

interface AppOptions extends DepsParts {
  /** Folder of the built client; when it has no index.html only the API is served. */
  clientDir?: string;
}

/**
 * The whole HTTP face of the site; tests build it on a fresh database. Its background work
 * (scheduled publishing, housekeeping) is the node's: src/server/node.ts starts both.
 */
export function createApp(options: AppOptions) {
  const deps = createDeps(options);
  const app = express();
  app.disable('x-powered-by');
  // Validators of answers made per request are the cache's (cache/http.ts: one per content version,
  // known before any work). Express's own hashed each answer res.send sent without one: every
  // editor's page and list, all private, no-store (a browser never revalidates them), a SHA-1 over
  // the whole body for nothing. Files keep theirs: sendFile follows the 'etag' setting, left on.
  app.set('etag fn', () => undefined);
  // Proxy headers are believed only from the proxies the operator named (TRUST_PROXY); by default
  // nobody can choose the address their limits are counted by.
  app.set('trust proxy', options.env.TRUST_PROXY ?? false);
  // Behind a cache that keys each request on a language it passes in this header (decision 038).
  if (options.env.CDN_LANGUAGE_HEADER) app.set(CACHE_LANGUAGE_SETTING, options.env.CDN_LANGUAGE_HEADER.toLowerCase());
  const clientDir = options.clientDir ?? clientDist;
  const indexHtml = path.join(clientDir, 'index.html');
  const pages = fs.existsSync(indexHtml) ? pageRenderer(deps, clientDir) : null;
  // Anonymous reads already answered once are sent from memory before any other middleware runs,
  // keyed by what their answers depend on (cache/addresses.ts); all of it within each visitor's
  // share of the server's time.
  const readAddresses = addresses({ trpc: trpcReadKey(appRouter), rest: restReadKey, feeds: feedKey, page: (req) => pages?.address(req) ?? null });
  const { cachedReads, conditionalGet, pageConditionalGet } = httpCache(deps, readAddresses, visitorWork(deps));
  // The few files at the top of the client folder (the icon), listed once: a page's address never costs a look at the disk.
  const topFiles = pages
    ? new Set(fs.readdirSync(clientDir, { withFileTypes: true }).flatMap((entry) => (entry.isFile() ? [entry.name] : [])))
    : new Set<string>();
  // The build's own files, the health check and public stored files (whose visibility the store itself says, at each
  // request) read nothing the content version stands for.
  const readsNoContent = (requestPath: string) =>
    requestPath === '/healthz' || requestPath.startsWith('/assets/') || requestPath.startsWith('/storage/') || topFiles.has(requestPath.slice(1));
  // Several nodes: no answer from before a change another node has already confirmed to its editor.
  // On PostgreSQL that costs a read of the shared version, which a page's scripts, styles, icon and pictures need not wait for.
  app.use((req, _res, next) => {
    if (readsNoContent(req.path)) return next();
    const pending = deps.cache.refresh();
    if (pending) pending.then(() => next(), next);
    else next();
  });
  // Before the cache and its work gate, which look a session cookie up through the request's context.
  app.use(everyoneAlikeReads(appRouter, restReadProcedure));
  app.use(cachedReads);
  app.use(securityHeaders(deps.env));
  app.use(compress());

  // Ready when the database answers a query (through the handle, so on either engine).
  app.get('/healthz', async (_req, res) => {
    await deps.db.select({ key: siteState.key }).from(siteState).limit(1);
    res.json({ status: 'ok' });
  });

  const csrfCookie: express.RequestHandler = (req, res) => {
    issueCsrfCookie(deps, res);
    res.status(204).end();
  };
  app.get('/sanctum/csrf-cookie', csrfCookie);
  app.get('/api/sanctum/csrf-cookie', csrfCookie);

  app.use(['/api', '/trpc'], refuseCrossSiteWrites(deps));
  app.use('/trpc', trpcBatchLimits(appRouter, TRPC_MAX_BODY), conditionalGet);
  const trpcHooks = {
    createContext: (req: express.Request, res: express.Response) => requestContext(deps, req, res),
    errorHeaders: retryAfterHeaders,
    alone: new Set(passwordCheckingProcedures),
    onError({ error, path: procedure }: { error: TRPCError; path?: string }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`tRPC ${procedure ?? '?'} failed:`, error.cause ?? error);
    },
  };
  app.use('/trpc', singleQueries(appRouter, trpcHooks));
  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: async ({ req, res, info }) => {
        const context = await trpcHooks.createContext(req, res);
        refuseBatchedPasswordChecks(info, context.lang);
        return context;
      },
      maxBodySize: TRPC_MAX_BODY,
      // The client sends queries carrying searched words as posts, so the words stay out of addresses (and logs).
      allowMethodOverride: true,
      // A backstop behind trpcBatchLimits, which answers first with a message in the reader's language.
      maxBatchSize: batchLimits.calls,
      responseMeta: ({ errors }) => ({ headers: new Headers(retryAfterHeaders(errors)) }),
      onError: trpcHooks.onError,
    }),
  );

  app.use(['/sitemap.xml', '/rss'], conditionalGet);
  app.use(feedsRoute(deps));
  app.use('/api/uploads', uploadsRoute(deps));
  app.use('/api', conditionalGet);
  app.use('/api', restRouter(deps));

  const notFoundFile: express.RequestHandler = (_req, res) => {
    res.status(404).end();
  };
  app.use(mediaRoutes(deps));
  // A newsletter mail's buttons, and mail programs' one-click unsubscribe (RFC 8058).
  app.use(newsletterLinkRoutes(deps));

  if (pages) {
    const assetsDir = path.join(clientDir, 'assets');
    app.use('/assets', precompressedAssets(assetsDir), express.static(assetsDir, { immutable: true, maxAge: '365d' }), notFoundFile);
    const topStatic = express.static(clientDir, { index: false });
    app.use((req, res, next) => (topFiles.has(req.path.slice(1)) ? topStatic(req, res, next) : next()));
    // A kept search's results: never cached, so before the pages' validators.
    app.get('/search/r/:token', keptSearchRoute(deps, pages));
    app.get('/{*splat}', pageConditionalGet, pageRoute(pages));
    // Searches are posted, so their words stay out of addresses; the footer's newsletter form goes on.
    app.post('/search', searchPostRoute(deps, pages));
    // Visitor forms posted without JavaScript: answered with a page (src/server/forms).
    app.post('/{*splat}', formPostRoute(deps, pages));
  }

  app.use(errorHandler(deps));
  return app;
}
