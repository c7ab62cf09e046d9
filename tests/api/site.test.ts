import { afterEach, describe, expect, it } from 'vitest';
import { makeContact, makeContent, makeGalleryItem, makeLegalItem, makeStory, makeSubscriber, makeUser } from '../factories/index.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
afterEach(() => deps.cleanup());

describe('dashboard.counts', () => {
  it('counts every kind of item separately', async () => {
    deps = createTestDeps();
    await makeContent(deps, 'news');
    await makeContent(deps, 'news');
    await makeContent(deps, 'article');
    await makeGalleryItem(deps, { videoLink: 'https://youtu.be/dQw4w9WgXcQ' });
    await makeLegalItem(deps, { videoLink: 'https://youtu.be/dQw4w9WgXcQ' });
    await makeLegalItem(deps, { videoLink: 'https://youtu.be/dQw4w9WgXcQ' });
    const read = await makeContact(deps);
    await makeContact(deps);
    const published = await makeStory(deps);
    await makeStory(deps);
    await makeStory(deps);
    await makeSubscriber(deps);
    const { caller } = await adminCaller(deps);
    await caller.contacts.setStatus({ id: read, status: 'read' });
    await caller.stories.publish({ id: published });
    const usersBefore = (await caller.users.list({})).total;

    expect(await caller.dashboard.counts()).toEqual({
      news: 2,
      articles: 1,
      reports: 0,
      gallery: 1,
      legal: 2,
      users: usersBefore,
      contactsPending: 1,
      contacts: 2,
      storiesPending: 2,
      stories: 3,
      subscribers: 1,
    });
    await makeUser(deps);
    expect((await caller.dashboard.counts()).users).toBe(usersBefore + 1);
  });
});

describe('config.get', () => {
  it('gives visitors the social links and contact address from the environment', async () => {
    deps = createTestDeps({
      FACEBOOK_URL: 'https://www.facebook.com/our-page/',
      TWITTER_URL: 'https://x.com/our-account',
      CONTACT_EMAIL: 'contact@example.org',
    });

    expect(await publicCaller(deps).config.get()).toMatchObject({
      facebookUrl: 'https://www.facebook.com/our-page',
      twitterUrl: 'https://x.com/our-account',
      contactEmail: 'contact@example.org',
    });
  });

  it('answers null for links that are not configured, so the client hides them', async () => {
    deps = createTestDeps();

    expect(await publicCaller(deps).config.get()).toMatchObject({ facebookUrl: null, twitterUrl: null, contactEmail: null });
  });
});
