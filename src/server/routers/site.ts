import { and, asc, count, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { allContentKinds, type ContentSection } from '../../shared/content-kinds.ts';
import { contactMessages, galleryItems, legalItems, newsletterSubscribers, posts, stories, users } from '../db/schema.ts';
import { managesSite, seesVisitorsData } from '../../shared/roles.ts';
import { editorProcedure, everyoneAlikeProcedure, router, writerProcedure } from '../trpc/procedures.ts';

export const configRouter = router({
  /** The public links set in the environment (social pages, contact address); unset ones are null and the client hides them. */
  get: everyoneAlikeProcedure.query(({ ctx }) => ({
    facebookUrl: ctx.env.FACEBOOK_URL ?? null,
    twitterUrl: ctx.env.TWITTER_URL ?? null,
    contactEmail: ctx.env.CONTACT_EMAIL ?? null,
    publicUrl: ctx.env.PUBLIC_URL ?? null,
    /** The upload size limits, so the browser can refuse a file before sending it. */
    uploadLimits: { imageMb: ctx.env.MAX_IMAGE_MB, videoMb: ctx.env.MAX_VIDEO_MB },
  })),
});

export const dashboardRouter = router({
  /** How many of each thing there is: only what the account's role may see (a writer nothing visitors sent, an editor no accounts). */
  counts: writerProcedure.query(async ({ ctx }) => {
    const tally = async (table: SQLiteTable, where?: SQL) => {
      const [row] = await ctx.db.select({ value: count() }).from(table).where(where);
      return row?.value ?? 0;
    };
    const kinds: [ContentSection, number][] = [];
    for (const info of allContentKinds) kinds.push([info.section, await tally(posts, eq(posts.kind, info.id))]);
    const { role } = ctx.user;
    const visitors = seesVisitorsData(role)
      ? {
          contactsPending: await tally(contactMessages, eq(contactMessages.status, 'pending')),
          contacts: await tally(contactMessages),
          storiesPending: await tally(stories, eq(stories.status, 'pending')),
          stories: await tally(stories),
          // Unsubscribed rows keep no address: they are not subscribers.
          subscribers: await tally(newsletterSubscribers, isNotNull(newsletterSubscribers.email)),
        }
      : {};
    return {
      ...(Object.fromEntries(kinds) as Record<ContentSection, number>),
      gallery: await tally(galleryItems),
      legal: await tally(legalItems),
      ...(managesSite(role) ? { users: await tally(users) } : {}),
      ...visitors,
    } as Record<ContentSection | 'gallery' | 'legal', number> &
      Partial<Record<'users' | 'contactsPending' | 'contacts' | 'storiesPending' | 'stories' | 'subscribers', number>>;
  }),

  /** Drafts writers sent for review, oldest request first: what an editor has to look at. */
  inReview: editorProcedure.query(async ({ ctx }) => {
    const waiting = (table: typeof posts | typeof legalItems) => and(eq(table.status, 'draft'), isNotNull(table.reviewRequestedAt));
    const columns = (table: typeof posts | typeof legalItems) => ({
      id: table.id,
      titleEn: table.titleEn,
      titleFa: table.titleFa,
      reviewRequestedAt: table.reviewRequestedAt,
      writer: users.name,
    });
    const items = [
      ...(await ctx.db
        .select({ ...columns(posts), kind: posts.kind })
        .from(posts)
        .leftJoin(users, eq(users.id, posts.createdBy))
        .where(waiting(posts))
        .orderBy(asc(posts.reviewRequestedAt), asc(posts.id))
        .limit(20)),
      ...(
        await ctx.db
          .select(columns(legalItems))
          .from(legalItems)
          .leftJoin(users, eq(users.id, legalItems.createdBy))
          .where(waiting(legalItems))
          .orderBy(asc(legalItems.reviewRequestedAt), asc(legalItems.id))
          .limit(20)
      ).map((item) => ({ ...item, kind: 'legal' as const })),
    ];
    return items.sort((a, b) => (a.reviewRequestedAt?.getTime() ?? 0) - (b.reviewRequestedAt?.getTime() ?? 0)).slice(0, 20);
  }),

  /** What goes live next: the soonest scheduled items of every kind. */
  scheduled: writerProcedure.query(async ({ ctx }) => {
    const soonest = (table: typeof posts | typeof legalItems) =>
      ctx.db
        .select({ id: table.id, titleEn: table.titleEn, titleFa: table.titleFa, publishAt: table.publishAt })
        .from(table)
        .where(and(eq(table.status, 'scheduled')))
        .orderBy(asc(table.publishAt), asc(table.id))
        .limit(5);
    const items = [
      ...(await ctx.db
        .select({ id: posts.id, kind: posts.kind, titleEn: posts.titleEn, titleFa: posts.titleFa, publishAt: posts.publishAt })
        .from(posts)
        .where(eq(posts.status, 'scheduled'))
        .orderBy(asc(posts.publishAt), asc(posts.id))
        .limit(5)),
      ...(await soonest(legalItems)).map((item) => ({ ...item, kind: 'legal' as const })),
    ];
    return items.sort((a, b) => (a.publishAt?.getTime() ?? 0) - (b.publishAt?.getTime() ?? 0)).slice(0, 5);
  }),
});
