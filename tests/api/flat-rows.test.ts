import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { mapsFlatRows } from '../../src/server/db/flat-rows.ts';
import { idsValue, prepareQuery, preparedOnReader, type PreparableQuery } from '../../src/server/db/prepared-reads.ts';
import { posts, users } from '../../src/server/db/schema.ts';
import { editorialColumns } from '../../src/server/editorial/item.ts';
import { createTestDeps, testDialect, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
let ids: number[];
beforeAll(async () => {
  deps = createTestDeps();
  const [author] = await deps.db.transaction((tx) =>
    tx
      .insert(users)
      .values({ name: 'Author', email: 'author@example.org', passwordHash: 'x', role: 'writer', publicNameEn: 'Pen Name', publicNameFa: 'نام قلم' })
      .returning({ id: users.id }),
  );
  const base = Date.parse('2026-03-01T08:00:00.000Z');
  const rows = await deps.db.transaction((tx) =>
    tx
      .insert(posts)
      .values([
        {
          kind: 'news',
          titleEn: 'First',
          titleFa: 'نخست',
          descriptionEn: 'One',
          descriptionFa: 'یک',
          image: 'a.jpg',
          createdAt: new Date(base),
          updatedAt: new Date(base),
        },
        {
          kind: 'article',
          titleEn: '',
          titleFa: 'دوم',
          descriptionEn: '',
          descriptionFa: 'دو',
          image: 'b.jpg',
          country: 'iran',
          category: 'top',
          status: 'scheduled',
          publishAt: new Date(base + 86_400_000),
          byline: 'author',
          createdBy: author!.id,
          coverCaptionFa: 'عکس',
          createdAt: new Date(base + 60_000),
          updatedAt: new Date(base + 120_000),
        },
      ])
      .returning({ id: posts.id }),
  );
  ids = rows.map((row) => row.id);
});
afterAll(() => deps.cleanup());

/** Columns of every kind a hot read selects: numbers, texts, nulls, timestamps, a subquery, SQL with and without a decoder. */
const selection = {
  id: posts.id,
  kind: posts.kind,
  titleEn: posts.titleEn,
  titleFa: posts.titleFa,
  country: posts.country,
  ...editorialColumns(posts),
  createdAt: posts.createdAt,
  noBody: sql<null>`NULL`,
  titleLength: sql<number>`length(${posts.titleFa})`.mapWith(Number),
  lower: sql<string>`lower(${posts.titleEn})`,
};

const keyOf = {};

describe(`rows of the reads built once, on ${testDialect}`, () => {
  it('are the rows Drizzle makes: the same keys in the same order, the same values of the same types', async () => {
    const run = preparedOnReader(deps.db as Db, keyOf, (orm, inIds) =>
      prepareQuery(deps.db as Db, orm.select(selection).from(posts).where(inIds(posts.id)).orderBy(posts.id) as unknown as PreparableQuery<unknown>),
    );
    const ours = (await run({ ids: idsValue(deps.db as Db, ids) })) as Record<string, unknown>[];
    const drizzles = (await deps.db.select(selection).from(posts).where(inArray(posts.id, ids)).orderBy(posts.id)) as Record<string, unknown>[];
    expect(ours).toHaveLength(2);
    expect(ours).toStrictEqual(drizzles);
    ours.forEach((row, index) => expect(Object.keys(row)).toEqual(Object.keys(drizzles[index]!)));
    expect(ours[1]).toMatchObject({ publishAt: new Date(Date.parse('2026-03-02T08:00:00.000Z')), bylineEn: 'Pen Name', bylineFa: 'نام قلم', titleLength: 3 });
    expect(ours[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('are made by the flat row mapper, which this Drizzle driver still calls', async () => {
    const query = (deps.db as Db)
      .select(selection)
      .from(posts)
      .where(eq(posts.id, sql.placeholder('id'))) as unknown as {
      prepare(): {
        all?(values: object): Promise<unknown[]>;
        execute?(values: object): Promise<unknown[]>;
        customResultMapper?: (rows: unknown[][]) => unknown;
      };
    };
    const prepared = query.prepare();
    mapsFlatRows(prepared);
    expect(prepared.customResultMapper).toBeTypeOf('function');
    const mapper = vi.fn(prepared.customResultMapper!);
    prepared.customResultMapper = mapper;
    const rows = await (testDialect === 'postgres' ? prepared.execute!({ id: ids[1] }) : prepared.all!({ id: ids[1] }));
    expect(mapper).toHaveBeenCalledTimes(1);
    expect(Array.isArray(mapper.mock.calls[0]![0][0])).toBe(true);
    expect(rows).toStrictEqual(await deps.db.select(selection).from(posts).where(eq(posts.id, ids[1]!)));
  });

  it('keep Drizzle’s own mapping for a selection with a key named __proto__, which a template would hold as its own', () => {
    // A prepared query's selection as Drizzle keeps it: Drizzle would make such rows by setting their prototype.
    const selection: { fields: { path: string[]; field: unknown }[]; customResultMapper?: unknown } = {
      fields: [
        { path: ['__proto__'], field: posts.titleEn },
        { path: ['title'], field: posts.titleFa },
      ],
    };
    mapsFlatRows(selection);
    expect(selection.customResultMapper).toBeUndefined();
  });

  it('keep Drizzle’s own mapping for a selection with nested objects', () => {
    const prepared = (deps.db as Db)
      .select({ post: { id: posts.id }, title: posts.titleEn })
      .from(posts)
      .prepare() as unknown as {
      customResultMapper?: unknown;
    };
    mapsFlatRows(prepared);
    expect(prepared.customResultMapper).toBeUndefined();
  });
});
