import { and, count, desc, eq } from 'drizzle-orm';
import { byIdInput } from '../../shared/schemas/common.ts';
import { createContactInput, listContactsInput, setContactStatusInput, type ContactStatus } from '../../shared/schemas/contacts.ts';
import { contactMessages } from '../db/schema.ts';
import { arrivalTime } from '../security/submission-times.ts';
import { adminProcedure, publicWriteProcedure, router } from '../trpc/procedures.ts';
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
  create: publicWriteProcedure.meta({ changesPublicContent: false }).input(createContactInput).mutation(({ ctx, input }) => {
    const row = ctx.db.transaction((tx) => {
      const image = input.imageUploadId ? claimForField(ctx, tx, input.imageUploadId, ['image'], 'imageUploadId').path : null;
      const arrived = arrivalTime(ctx.env);
      return tx
        .insert(contactMessages)
        .values({ name: input.name, email: input.email, message: input.message, image, createdAt: arrived, updatedAt: arrived })
        .returning({ createdAt: contactMessages.createdAt })
        .get();
    });
    return { received: true as const, createdAt: row.createdAt };
  }),

  list: adminProcedure.input(listContactsInput).query(({ ctx, input }): Page<ContactMessage> => {
    const where = eq(contactMessages.status, input.status);
    const { limit, offset } = pageWindow(input);
    const items = ctx.db.select(columns).from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit).offset(offset).all();
    const total = ctx.db.select({ value: count() }).from(contactMessages).where(where).get()?.value ?? 0;
    return { items, total, page: input.page, pageSize: input.pageSize };
  }),

  byId: adminProcedure.input(byIdInput).query(({ ctx, input }): ContactMessage => {
    const row = ctx.db.select(columns).from(contactMessages).where(eq(contactMessages.id, input.id)).get();
    if (!row) throw notFound(ctx);
    return row;
  }),

  /**
   * An editor opened the message: a pending one becomes read (setStatus 'pending' marks it unread
   * again); a read or archived one keeps its status. Answers the message as it now is.
   */
  open: adminProcedure.meta({ changesPublicContent: false, auditLabel: false }).input(byIdInput).mutation(({ ctx, input }): ContactMessage => {
    const opened = ctx.db
      .update(contactMessages)
      .set({ status: 'read', updatedAt: new Date() })
      .where(and(eq(contactMessages.id, input.id), eq(contactMessages.status, 'pending')))
      .returning(columns)
      .get();
    const row = opened ?? ctx.db.select(columns).from(contactMessages).where(eq(contactMessages.id, input.id)).get();
    if (!row) throw notFound(ctx);
    return row;
  }),

  setStatus: adminProcedure.meta({ changesPublicContent: false, auditLabel: false }).input(setContactStatusInput).mutation(({ ctx, input }): ContactMessage => {
    const row = ctx.db.update(contactMessages).set({ status: input.status, updatedAt: new Date() }).where(eq(contactMessages.id, input.id)).returning(columns).get();
    if (!row) throw notFound(ctx);
    return row;
  }),

  delete: adminProcedure.meta({ changesPublicContent: false, auditLabel: false }).input(byIdInput).mutation(async ({ ctx, input }) => {
    const files = ctx.db.transaction((tx) => {
      const removed = tx.delete(contactMessages).where(eq(contactMessages.id, input.id)).returning({ image: contactMessages.image }).get();
      if (!removed) throw notFound(ctx);
      return forgetStoredFiles(tx, [removed.image]);
    });
    await deleteFiles(ctx.storage, files);
    return { id: input.id };
  }),
});
