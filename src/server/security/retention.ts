import { and, eq, getTableName, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { eraseDeleted } from '../db/erase.ts';
import { contactMessages, stories, uploads } from '../db/schema.ts';
import type { Storage } from '../uploads/storage.ts';
import { deleteFiles, forgetStoredFiles } from '../uploads/store.ts';

/**
 * Deletes archived contact messages (archived more than `days` ago) and stories never published
 * (received more than `days` ago), with their files: what the site no longer needs, it does not keep.
 */
export async function applyRetention(deps: { db: Db; storage: Storage }, days: number, now = Date.now()): Promise<{ contacts: number; stories: number }> {
  if (days <= 0) return { contacts: 0, stories: 0 };
  const cutoff = new Date(now - days * 86_400_000);
  const { files, contacts, storyCount } = await deps.db.transaction(async (tx) => {
    const removedContacts = await tx
      .delete(contactMessages)
      .where(and(eq(contactMessages.status, 'archived'), lt(contactMessages.updatedAt, cutoff)))
      .returning({ image: contactMessages.image });
    const removedStories = await tx
      .delete(stories)
      .where(and(eq(stories.status, 'pending'), lt(stories.createdAt, cutoff)))
      .returning({ media: stories.media });
    const files = await forgetStoredFiles(tx, [...removedContacts.map((c) => c.image), ...removedStories.map((s) => s.media)]);
    return { files, contacts: removedContacts.length, storyCount: removedStories.length };
  });
  if (contacts || storyCount)
    await eraseDeleted(
      deps.db,
      [contactMessages, stories, uploads].map((table) => getTableName(table)),
    );
  await deleteFiles(deps.storage, files);
  return { contacts, stories: storyCount };
}
