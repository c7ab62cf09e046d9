import express, { type ErrorRequestHandler } from 'express';
import { message } from '../../shared/messages.ts';
import { requestContext } from '../http/request-context.ts';
import type { Deps } from '../trpc/context.ts';
import { accountRoutes } from './account.ts';
import { authRoutes } from './auth.ts';
import { contactRoutes } from './contacts.ts';
import { contentRoutes } from './content.ts';
import { galleryRoutes } from './gallery.ts';
import { legalRoutes } from './legal.ts';
import { searchRoutes } from './search.ts';
import { siteRoutes } from './site.ts';
import { newsletterRoutes } from './newsletters.ts';
import { storyRoutes } from './stories.ts';
import { userRoutes } from './users.ts';

const bodyLimit = '1mb';

/**
 * The REST shims of the original API (docs/api.md), mounted at /api: the original client's paths and shapes over the
 * same procedures the tRPC face calls (docs/api.md). Body parsers live here, not on the app,
 * because tRPC reads its own body; multipart bodies are read per endpoint, after the checks.
 */
export function restRouter(deps: Deps) {
  const router = express.Router();
  router.use(express.json({ limit: bodyLimit }));
  router.use(express.urlencoded({ extended: false, limit: bodyLimit }));

  router.use(authRoutes(deps));
  router.use(siteRoutes(deps));
  router.use(newsletterRoutes(deps));
  router.use(contentRoutes(deps));
  router.use(galleryRoutes(deps));
  router.use(legalRoutes(deps));
  router.use(storyRoutes(deps));
  router.use(searchRoutes(deps));
  router.use(contactRoutes(deps));
  router.use(userRoutes(deps));
  router.use(accountRoutes(deps));

  // Unknown API paths answer JSON, never the HTML app.
  router.use(async (req, res) => {
    const { lang } = await requestContext(deps, req, res);
    res.status(404).json({ message: message(lang, 'notFound') });
  });

  // A body the parsers refused (bad JSON, over the limit) is the client's mistake, not a server error.
  const onBodyError: ErrorRequestHandler = async (error, req, res, next) => {
    const status = (error as { status?: unknown }).status;
    if (typeof status !== 'number' || status < 400 || status >= 500 || res.headersSent) return next(error);
    const { lang } = await requestContext(deps, req, res);
    res.status(status).json({ message: message(lang, 'invalidValue') });
  };
  router.use(onBodyError);
  return router;
}
