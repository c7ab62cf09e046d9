import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { allContentKinds, type ContentSection } from '../../shared/content-kinds.ts';
import { contactMessages, galleryItems, legalItems, newsletterSubscribers, posts, stories, users } from '../db/schema.ts';
import { adminProcedure, publicProcedure, router } from '../trpc/procedures.ts';

export const configRouter = router({
  /** The public links set in the environment (social pages, contact address); unset ones are null and the client hides them. */
  get: publicProcedure.query(({ ctx }) => ({
    facebookUrl: ctx.env.FACEBOOK_URL ?? null,
    twitterUrl: ctx.env.TWITTER_URL ?? null,
    contactEmail: ctx.env.CONTACT_EMAIL ?? null,
    publicUrl: ctx.env.PUBLIC_URL ?? null,
    /** The upload size limits, so the browser can refuse a file before sending it. */
    uploadLimits: { imageMb: ctx.env.MAX_IMAGE_MB, videoMb: ctx.env.MAX_VIDEO_MB },
  })),
});

export const dashboardRouter = router({
  counts: adminProcedure.query(async ({ ctx }) => {
    const tally = async (table: SQLiteTable, where?: SQL) => {
      const [row] = await ctx.db.select({ value: count() }).from(table).where(where);
      return row?.value ?? 0;
    };
    const kinds: [ContentSection, number][] = [];
    for (const info of allContentKinds) kinds.push([info.section, await tally(posts, eq(posts.kind, info.id))]);
    return {
      ...(Object.fromEntries(kinds) as Record<ContentSection, number>),
      gallery: await tally(galleryItems),
      legal: await tally(legalItems),
      users: await tally(users),
      contactsPending: await tally(contactMessages, eq(contactMessages.status, 'pending')),
      contacts: await tally(contactMessages),
      storiesPending: await tally(stories, eq(stories.status, 'pending')),
      stories: await tally(stories),
      subscribers: await tally(newsletterSubscribers),
    };
  }),

  /** What goes live next: the soonest scheduled items of every kind. */
  scheduled: adminProcedure.query(async ({ ctx }) => {
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
