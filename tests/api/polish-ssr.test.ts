import { createTRPCClient, unstable_localLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../src/client/entry-server.tsx';
import { innerContext } from '../../src/server/trpc/context.ts';
import { appRouter, type AppRouter } from '../../src/server/trpc/router.ts';
import { makePublishedStory } from '../factories/public-content.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
beforeAll(() => {
  deps = createTestDeps();
});
afterAll(() => deps?.cleanup());

describe('a visitor’s story in the page title', () => {
  it('is isolated, so a right-to-left title cannot reorder the site name after it', async () => {
    const story = await makePublishedStory(deps, { title: 'روایت من' });
    const client = createTRPCClient<AppRouter>({
      links: [unstable_localLink({ router: appRouter, transformer: superjson, createContext: async () => innerContext(deps, { lang: 'en' }) })],
    });
    const result = await render(`/stories/${story.id}`, 'en', client);
    expect(result.title).toBe(`\u2068روایت من\u2069 — Women's Rights News`);
  });
});
