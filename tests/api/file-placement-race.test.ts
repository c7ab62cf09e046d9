import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { makeStoryWithImage } from '../factories/admin-content.ts';
import { editorCaller } from '../factories/public-content.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import { folderOf } from '../setup/stored.ts';

const sites = sitesStartedInTests();
const others: Db[] = [];
afterEach(async () => {
  for (const db of others.splice(0)) await db.close();
});

describe('a story published and withdrawn many times at once', () => {
  it('ends with its file on the side its last committed status calls for, whichever move ran last', async () => {
    const deps = sites.deps();
    // A second node on the same database (its own connections; SQLite's file has one process's writer, so the same handle there).
    const second = deps.db.dialect === 'postgres' ? openDatabase(deps.env.DATABASE_URL) : deps.db;
    if (second !== deps.db) others.push(second);
    const storyId = await makeStoryWithImage(deps);
    const callers = [await editorCaller(deps), await editorCaller({ ...deps, db: second })];
    for (let round = 0; round < 5; round++) {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const caller = callers[i % 2]!;
          return i % 3 === round % 3 ? caller.stories.unpublish({ id: storyId }) : caller.stories.publish({ id: storyId });
        }),
      );
      const story = await callers[0]!.stories.byId({ id: storyId });
      const publicly = fs.existsSync(folderOf(deps.storage).pathIn('public', story.media!));
      const privately = fs.existsSync(folderOf(deps.storage).pathIn('private', story.media!));
      expect({ publicly, privately }, `round ${round}: ${story.status}`).toEqual({
        publicly: story.status === 'published',
        privately: story.status !== 'published',
      });
    }
  });
});
