import { describe, expect, it } from 'vitest';
import { adminEditPathOf, allContentKinds, contentKindIds, contentKinds, detailPathOf, kindOfSection } from '../../src/shared/content-kinds.ts';
import { messages } from '../../src/shared/messages.ts';

/**
 * The registry is the one place the names of news, articles and reports are written; everything
 * else derives from it. These are the addresses readers, editors and API clients already use, so a
 * change to the registry that moves one of them fails here first.
 */
describe('the content kinds registry', () => {
  it('keeps the public, admin and REST addresses of every kind', () => {
    const addresses = allContentKinds.map((info) => ({
      kind: info.id,
      router: info.section,
      list: info.listPath,
      detail: detailPathOf(info.id, 7),
      rest: info.restPaths,
      admin: [info.adminListPath, info.adminAddPath, adminEditPathOf(info.id, 7)],
    }));
    expect(addresses).toEqual([
      { kind: 'news', router: 'news', list: '/latestnews', detail: '/news/7', rest: ['/news'], admin: ['/news/all', '/news/add', '/edit/news/7'] },
      { kind: 'article', router: 'articles', list: '/articles', detail: '/articles/7', rest: ['/articles', '/article'], admin: ['/articles/all', '/articles/add', '/edit/article/7'] },
      { kind: 'report', router: 'reports', list: '/reports', detail: '/reports/7', rest: ['/reports', '/report'], admin: ['/reports/all', '/reports/add', '/edit/report/7'] },
    ]);
  });

  it('names each kind under its own id, with a not-found message in both languages', () => {
    for (const kind of contentKindIds) {
      expect(contentKinds[kind].id).toBe(kind);
      expect(messages[contentKinds[kind].notFound].fa).toBeTruthy();
      expect(contentKinds[kind].feedTitle.fa).not.toBe(contentKinds[kind].feedTitle.en);
    }
  });

  it('finds a kind by its section name, and nothing for any other name', () => {
    expect(contentKindIds.map((kind) => kindOfSection(contentKinds[kind].section))).toEqual(contentKindIds);
    for (const other of ['article', 'gallery', '__proto__', 'constructor', '']) expect(kindOfSection(other)).toBeUndefined();
  });
});
