import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contactMessages, stories } from '../db/schema.ts';
import type { Storage } from '../uploads/storage.ts';
import { deleteFiles, forgetStoredFiles } from '../uploads/store.ts';

/**
 * Deletes archived contact messages (archived more than `days` ago) and stories never published
 * (received more than `days` ago), with their files: what the site no longer needs, it does not keep.
 */
export async function applyRetention(deps: { db: Db; storage: Storage }, days: number, now = Date.now()): Promise<{ contacts: number; stories: number }> {
  if (days <= 0) return { contacts: 0, stories: 0 };
  const cutoff = new Date(now - days * 86_400_000);
  const { files, contacts, storyCount } = deps.db.transaction((tx) => {
    const removedContacts = tx
      .delete(contactMessages)
      .where(and(eq(contactMessages.status, 'archived'), lt(contactMessages.updatedAt, cutoff)))
      .returning({ image: contactMessages.image })
      .all();
    const removedStories = tx
      .delete(stories)
      .where(and(eq(stories.status, 'pending'), lt(stories.createdAt, cutoff)))
      .returning({ media: stories.media })
      .all();
    const files = forgetStoredFiles(tx, [...removedContacts.map((c) => c.image), ...removedStories.map((s) => s.media)]);
    return { files, contacts: removedContacts.length, storyCount: removedStories.length };
  });
  await deleteFiles(deps.storage, files);
  return { contacts, stories: storyCount };
}
