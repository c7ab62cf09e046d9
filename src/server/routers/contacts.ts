import { and, count, desc, eq } from 'drizzle-orm';
import { byIdInput } from '../../shared/schemas/common.ts';
import { createContactInput, listContactsInput, setContactStatusInput, type ContactStatus } from '../../shared/schemas/contacts.ts';
import { contactMessages, uploads } from '../db/schema.ts';
import { eraseDeleted, tablesNamed } from '../db/erase.ts';
import { arrivalTime } from '../security/submission-times.ts';
import { editorProcedure, publicWriteProcedure, router } from '../trpc/procedures.ts';
import { deleteFiles, forgetStoredFiles } from '../uploads/store.ts';
import { claimForField, notFound, pageWindow, type Page } from './helpers.ts';

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  message: string;
  image: string | null;
  status: ContactStatus;
  createdAt: Date;
}

const columns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  message: contactMessages.message,
  image: contactMessages.image,
  status: contactMessages.status,
  createdAt: contactMessages.createdAt,
};

export const contactsRouter = router({
  create: publicWriteProcedure
    .meta({ changesPublicContent: false })
    .input(createContactInput)
    .mutation(async ({ ctx, input }) => {
      const row = await ctx.db.transaction(async (tx) => {
        const image = input.imageUploadId ? (await claimForField(ctx, tx, input.imageUploadId, ['image'], 'imageUploadId')).path : null;
        const arrived = arrivalTime(ctx.env);
        const [row] = await tx
          .insert(contactMessages)
          .values({ name: input.name, email: input.email, message: input.message, image, createdAt: arrived, updatedAt: arrived })
          .returning({ createdAt: contactMessages.createdAt });
        return row!;
      });
      return { received: true as const, createdAt: row.createdAt };
    }),

  list: editorProcedure.input(listContactsInput).query(async ({ ctx, input }): Promise<Page<ContactMessage>> => {
    const where = eq(contactMessages.status, input.status);
    const { limit, offset } = pageWindow(input);
    const items = await ctx.db
      .select(columns)
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset);
    const [counted] = await ctx.db.select({ value: count() }).from(contactMessages).where(where);
    return { items, total: counted?.value ?? 0, page: input.page, pageSize: input.pageSize };
  }),

  byId: editorProcedure.input(byIdInput).query(async ({ ctx, input }): Promise<ContactMessage> => {
    const [row] = await ctx.db.select(columns).from(contactMessages).where(eq(contactMessages.id, input.id)).limit(1);
    if (!row) throw notFound(ctx);
    return row;
  }),

  /**
   * An editor opened the message: a pending one becomes read (setStatus 'pending' marks it unread
   * again); a read or archived one keeps its status. Answers the message as it now is.
   */
  open: editorProcedure
    .meta({ changesPublicContent: false, auditLabel: false })
    .input(byIdInput)
    .mutation(async ({ ctx, input }): Promise<ContactMessage> => {
      const [opened] = await ctx.db.transaction(async (tx) =>
        tx
          .update(contactMessages)
          .set({ status: 'read', updatedAt: new Date() })
          .where(and(eq(contactMessages.id, input.id), eq(contactMessages.status, 'pending')))
          .returning(columns),
      );
      const row = opened ?? (await ctx.db.select(columns).from(contactMessages).where(eq(contactMessages.id, input.id)).limit(1))[0];
      if (!row) throw notFound(ctx);
      return row;
    }),

  setStatus: editorProcedure
    .meta({ changesPublicContent: false, auditLabel: false })
    .input(setContactStatusInput)
    .mutation(async ({ ctx, input }): Promise<ContactMessage> => {
      const [row] = await ctx.db.transaction(async (tx) =>
        tx.update(contactMessages).set({ status: input.status, updatedAt: new Date() }).where(eq(contactMessages.id, input.id)).returning(columns),
      );
      if (!row) throw notFound(ctx);
      return row;
    }),

  delete: editorProcedure
    .meta({ changesPublicContent: false, auditLabel: false })
    .input(byIdInput)
    .mutation(async ({ ctx, input }) => {
      const files = await ctx.db.transaction(async (tx) => {
        const [removed] = await tx.delete(contactMessages).where(eq(contactMessages.id, input.id)).returning({ image: contactMessages.image });
        if (!removed) throw notFound(ctx);
        return forgetStoredFiles(tx, [removed.image]);
      });
      await eraseDeleted(ctx.db, tablesNamed([contactMessages, uploads]));
      await deleteFiles(ctx.storage, files);
      return { id: input.id };
    }),
});
