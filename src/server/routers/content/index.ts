import { contentKindIds, contentKinds, type ContentSection } from '../../../shared/content-kinds.ts';
import {
  adminListContentInput,
  contentByIdInput,
  createContentCall,
  listContentInput,
  updateContentInput,
  type ContentKind,
} from '../../../shared/schemas/content.ts';
import { editorialDocuments } from '../../editorial/item.ts';
import { PUBLIC_STATUS } from '../../publication/visibility.ts';
import { searchedPage } from '../../search/run.ts';
import { editorProcedure, everyoneAlikeProcedure, router, writerProcedure } from '../../trpc/procedures.ts';
import { notFound, requireWrittenIn } from '../helpers.ts';
import { readerByIdInput } from '../../../shared/schemas/common.ts';
import { findItem, findRow, listPage, withMedia } from './reads.ts';
import { createItem, deleteItem, updateItem } from './writes.ts';

export type { ContentItem, MediaItem } from './reads.ts';

/** The list, byId, create, update and delete procedures of one content kind. */
function contentRouter(kind: ContentKind) {
  return router({
    list: everyoneAlikeProcedure.input(listContentInput).query(({ ctx, input }) => listPage(ctx, kind, input, PUBLIC_STATUS)),

    byId: everyoneAlikeProcedure.input(readerByIdInput).query(async ({ ctx, input }) => {
      const item = await findItem(ctx.db, kind, input.id);
      if (!item) throw notFound(ctx, contentKinds[kind].notFound);
      requireWrittenIn(ctx, item, input.language, contentKinds[kind].notFound);
      return item;
    }),

    /** Every item whatever its status, for editors; filtered by status on request, or narrowed by a search across every status. */
    adminList: writerProcedure
      .input(adminListContentInput)
      .query(async ({ ctx, input }) => listPage(ctx, kind, input, input.status, await searchedPage(ctx, kind, input))),

    /**
     * Any item, with its body documents for the editor and rendered as the public page will show
     * it; its pictures on the editors' path, since an unpublished item's files are not public.
     */
    adminById: writerProcedure.input(contentByIdInput).query(async ({ ctx, input }) => {
      const row = await findRow(ctx.db, kind, input.id, true);
      if (!row) throw notFound(ctx, contentKinds[kind].notFound);
      const [item] = await withMedia(ctx.db, [row], true, 'private');
      return { ...item!, ...editorialDocuments(row) };
    }),

    create: writerProcedure
      .meta({ changesPublicContent: 'when-public' })
      .input(createContentCall)
      .mutation(({ ctx, input }) => createItem(ctx, kind, input)),

    update: writerProcedure
      .meta({ changesPublicContent: 'when-public' })
      .input(updateContentInput)
      .mutation(({ ctx, input }) => updateItem(ctx, kind, input)),

    delete: editorProcedure
      .meta({ changesPublicContent: 'when-public' })
      .input(contentByIdInput)
      .mutation(({ ctx, input }) => deleteItem(ctx, kind, input.id)),
  });
}

/** The routers of every content kind, each under its section name (news, articles, reports). */
export function contentRouters() {
  return Object.fromEntries(contentKindIds.map((kind) => [contentKinds[kind].section, contentRouter(kind)])) as Record<
    ContentSection,
    ReturnType<typeof contentRouter>
  >;
}
