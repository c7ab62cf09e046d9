import { accountRouter } from '../routers/account.ts';
import { auditRouter } from '../routers/audit.ts';
import { authRouter } from '../routers/auth.ts';
import { contactsRouter } from '../routers/contacts.ts';
import { contentRouters } from '../routers/content/index.ts';
import { galleryRouter } from '../routers/gallery.ts';
import { legalRouter } from '../routers/legal.ts';
import { libraryRouter } from '../routers/library.ts';
import { newsletterRouter } from '../routers/newsletter.ts';
import { newslettersRouter } from '../routers/newsletters.ts';
import { searchRouter } from '../routers/search.ts';
import { revisionsRouter } from '../routers/revisions/index.ts';
import { configRouter, dashboardRouter } from '../routers/site.ts';
import { setupRouter } from '../routers/setup.ts';
import { storiesRouter } from '../routers/stories.ts';
import { usersRouter } from '../routers/users.ts';
import { createCallerFactory, router } from './procedures.ts';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  ...contentRouters(),
  gallery: galleryRouter,
  legal: legalRouter,
  library: libraryRouter,
  revisions: revisionsRouter,
  stories: storiesRouter,
  contacts: contactsRouter,
  newsletter: newsletterRouter,
  newsletters: newslettersRouter,
  users: usersRouter,
  dashboard: dashboardRouter,
  config: configRouter,
  audit: auditRouter,
  setup: setupRouter,
  search: searchRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
