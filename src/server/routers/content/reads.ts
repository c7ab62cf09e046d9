import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { excerpt } from '../../../shared/text.ts';
import type { Category, ContentKind, Country } from '../../../shared/schemas/content.ts';
import type { Db, DbLike, Dialect } from '../../db/client.ts';
import { longTextColumns } from '../../db/long-text.ts';
import { preparedRead } from '../../db/prepared-reads.ts';
import { postMedia, posts } from '../../db/schema.ts';
import { editorialColumns, withoutBodies, editorialOutput, summaryColumns, type EditorialOutput, type EditorialRow } from '../../editorial/item.ts';
import { publicCondition } from '../../publication/visibility.ts';
import type { Page } from '../helpers.ts';
import type { Language } from '../../../shared/locale.ts';
import { pageOfList, readByIds, type RowsReader } from '../list-pages.ts';

export interface MediaItem {
  link: string | null;
  titleEn: string | null;
  titleFa: string | null;
  descriptionEn: string | null;
  descriptionFa: string | null;
}

export interface ContentItem extends EditorialOutput {
  id: number;
  kind: ContentKind;
  titleEn: string;
  titleFa: string;
  descriptionEn: string;
  descriptionFa: string;
  image: string;
  category: Category | null;
  country: Country | null;
  media: MediaItem[];
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: posts.id,
  kind: posts.kind,
  titleEn: posts.titleEn,
  titleFa: posts.titleFa,
  descriptionEn: posts.descriptionEn,
  descriptionFa: posts.descriptionFa,
  image: posts.image,
  category: posts.category,
  country: posts.country,
  ...editorialColumns(posts),
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};

export type Row = Omit<ContentItem, 'media' | keyof EditorialOutput> & EditorialRow;

const listColumns = withoutBodies(columns);
/** One item's page also says what search engines and share cards show. */
const detailColumns = { ...columns, ...summaryColumns(posts) };

const readMedia = readByIds(postMedia.postId, (db, ids) =>
  db
    .select({
      postId: postMedia.postId,
      link: postMedia.link,
      titleEn: postMedia.titleEn,
      titleFa: postMedia.titleFa,
      descriptionEn: postMedia.descriptionEn,
      descriptionFa: postMedia.descriptionFa,
    })
    .from(postMedia)
    .where(ids)
    .orderBy(asc(postMedia.postId), asc(postMedia.position)),
);

/**
 * A row's media lists, read with the row on PostgreSQL: a page's rows and their media in one
 * statement, one round trip instead of two. The list is JSON text in the media's order, with the
 * keys and values readMedia gives; no media is `[]`. On SQLite, where a statement costs no round
 * trip, readMedia's own statement costs less than building and parsing JSON for every row
 * (docs/benchmarks.md): rows come without them and withMedia reads them.
 */
function withMediaColumn<Columns extends object>(columns: Columns, dialect: Dialect) {
  return dialect === 'postgres' ? { ...columns, media: sql.raw(MEDIA_LIST_POSTGRES).mapWith((text: string) => JSON.parse(text) as MediaItem[]) } : columns;
}
// Written out whole, names qualified: Drizzle may write a column of the outer table unqualified,
// which inside the subquery would name the media's own column of that name.
const MEDIA_LIST_POSTGRES = `(SELECT coalesce(json_agg(json_build_object('link', m.link, 'titleEn', m.title_en, 'titleFa', m.title_fa, 'descriptionEn', m.description_en, 'descriptionFa', m.description_fa) ORDER BY m.position), '[]')::text FROM post_media m WHERE m.post_id = posts.id)`;

const readRows = readByIds(posts.id, (db, ids, _value, dialect) =>
  db
    .select(withMediaColumn({ ...listColumns, ...longTextColumns(posts, dialect, false) }, dialect))
    .from(posts)
    .where(ids)
    .orderBy(desc(posts.createdAt), desc(posts.id)),
);

// For previews the database hands over one character more than the preview (enough to tell
// whether the text goes on), not whole articles in both languages.
const readPreviewRows = readByIds(posts.id, (db, ids, value, dialect) =>
  db
    .select(
      withMediaColumn(
        {
          ...listColumns,
          descriptionEn: sql<string>`substr(${posts.descriptionEn}, 1, ${value('length')})`,
          descriptionFa: sql<string>`substr(${posts.descriptionFa}, 1, ${value('length')})`,
        },
        dialect,
      ),
    )
    .from(posts)
    .where(ids)
    .orderBy(desc(posts.createdAt), desc(posts.id)),
);

/** The rows of a page, in order; with descriptions cut to previews when the caller asks for them. */
function pageRows(preview: number | undefined): RowsReader<Row> {
  if (!preview) return readRows as RowsReader<Row>;
  return async (db, page) =>
    ((await readPreviewRows(db, page, { length: preview + 1 })) as Row[]).map((row) => ({
      ...row,
      descriptionEn: excerpt(row.descriptionEn, preview),
      descriptionFa: excerpt(row.descriptionFa, preview),
    }));
}

/**
 * Rows as items, with their media lists. `rendered`: the bodies as HTML (detail answers only),
 * with pictures on the editors' private path for previews (`media: 'private'`).
 */
export async function withMedia(
  db: Db,
  rows: (Row & { media?: MediaItem[] })[],
  rendered: boolean,
  media: 'public' | 'private' = 'public',
): Promise<ContentItem[]> {
  if (!rows.length) return [];
  const byPost = new Map<number, MediaItem[]>();
  // Rows read on PostgreSQL come with their media (withMediaColumn); others' are read here.
  const missing = rows.filter((row) => !row.media).map((row) => row.id);
  for (const { postId, ...item } of missing.length ? await readMedia(db, missing) : []) {
    let list = byPost.get(postId);
    if (!list) byPost.set(postId, (list = []));
    list.push(item);
  }
  return rows.map((row) => ({
    ...editorialOutput(row, { rendered, media }),
    category: row.category as Category | null,
    country: row.country as Country | null,
    media: row.media ?? byPost.get(row.id) ?? [],
  }));
}

const readRowOf = (selection: object, anyStatus: boolean) =>
  preparedRead<{ kind: ContentKind; id: number }>()((db, value) =>
    db
      .select(selection as typeof detailColumns)
      .from(posts)
      .where(and(eq(posts.kind, value('kind')), eq(posts.id, value('id')), anyStatus ? undefined : publicCondition(posts.status)))
      .limit(1),
  );
const readAnyRow = readRowOf(detailColumns, true);
const readPublicRow = readRowOf(detailColumns, false);

/** One item's row, with its media lists on PostgreSQL (withMediaColumn): a detail page's item in one round trip. */
const itemColumns = (dialect: Dialect) => withMediaColumn({ ...detailColumns, ...longTextColumns(posts, dialect, true) }, dialect);

/** One item of the kind; only a public one unless `anyStatus` (editors). */
export async function findRow(db: DbLike, kind: ContentKind, id: number, anyStatus: boolean): Promise<Row | undefined> {
  const [row] = await (anyStatus ? readAnyRow : readPublicRow)(db, { kind, id });
  return row as Row | undefined;
}

const itemReads = {
  sqlite: { public: readRowOf(itemColumns('sqlite'), false), any: readRowOf(itemColumns('sqlite'), true) },
  postgres: { public: readRowOf(itemColumns('postgres'), false), any: readRowOf(itemColumns('postgres'), true) },
};

export async function findItem(db: Db, kind: ContentKind, id: number, anyStatus = false): Promise<ContentItem | undefined> {
  const [row] = await itemReads[db.dialect][anyStatus ? 'any' : 'public'](db, { kind, id });
  return row ? (await withMedia(db, [row as Row & { media?: MediaItem[] }], true))[0] : undefined;
}

/** A page of items of the kind, newest first, filtered by status (none: every status), or a search's page in its order. */
export async function listPage(
  ctx: Parameters<typeof pageOfList>[0],
  kind: ContentKind,
  input: { page: number; pageSize: number; category?: string; country?: string; excerpt?: number; author?: number; language?: Language },
  status: string | undefined,
  searched: { ids: number[]; total: number } | null = null,
): Promise<Page<ContentItem>> {
  const filters = [
    [posts.kind, kind],
    [posts.status, status],
    [posts.category, input.category],
    [posts.country, input.country],
    [posts.createdBy, input.author === undefined ? undefined : String(input.author)],
  ] as const;
  const written = input.language ? (input.language === 'fa' ? posts.titleFa : posts.titleEn) : undefined;
  const { rows, total } = await pageOfList(ctx, { table: posts, filters, written }, input, searched, pageRows(input.excerpt));
  return { items: await withMedia(ctx.db, rows, false), total, page: input.page, pageSize: input.pageSize };
}
