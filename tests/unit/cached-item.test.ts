import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cachedItem } from '../../src/client/lib/cached-item.ts';

/** Keys shaped as @trpc/tanstack-react-query builds them: [path, { input, type }]. */
const listKey = [['news', 'list']];
const keyFor = (input: Record<string, unknown>) => [['news', 'list'], { input, type: 'query' }];
const item = (id: number, descriptionEn: string) => ({ id, descriptionEn });

describe('an item taken from a cached list for its detail page', () => {
  it('is whole when the list held whole items', () => {
    const client = new QueryClient();
    client.setQueryData(keyFor({ page: 1, pageSize: 13 }), { items: [item(7, 'The whole article.')] });
    expect(cachedItem(client, listKey, 7)).toMatchObject({ item: { id: 7, descriptionEn: 'The whole article.' }, partial: false });
  });

  it('is only partial when the list asked for excerpts, so the page still fetches it', () => {
    const client = new QueryClient();
    client.setQueryData(keyFor({ page: 1, pageSize: 13, excerpt: 100 }), { items: [item(7, 'The whole…')] });
    expect(cachedItem(client, listKey, 7)).toMatchObject({ item: { descriptionEn: 'The whole…' }, partial: true });
  });

  it('prefers a whole copy over an excerpt when both are cached, and is absent when no list holds it', () => {
    const client = new QueryClient();
    client.setQueryData(keyFor({ page: 1, pageSize: 20, excerpt: 100 }), { items: [item(7, 'The whole…')] });
    client.setQueryData(keyFor({ page: 2, pageSize: 13 }), { items: [item(7, 'The whole article.')] });
    expect(cachedItem(client, listKey, 7)).toMatchObject({ item: { descriptionEn: 'The whole article.' }, partial: false });
    expect(cachedItem(client, listKey, 8)).toBeUndefined();
  });
});
