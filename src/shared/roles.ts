import type { Role } from './schemas/users.ts';

/*
 * What each role may do. The procedures check it (src/server/trpc/procedures.ts and the writes
 * they call); the admin panel shows each role only what these allow.
 */

/** Publish, schedule, withdraw and delete content; moderate stories; the gallery. */
export const canPublish = (role: Role) => role !== 'writer';
/** What visitors sent: stories, contact messages, subscribers, and the newsletter. */
export const seesVisitorsData = (role: Role) => role !== 'writer';
/** Accounts, settings, the activity log. */
export const managesSite = (role: Role) => role === 'admin';
