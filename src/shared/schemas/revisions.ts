import { z } from 'zod';
import { id } from './common.ts';

/** Whose revisions: a news item, article or report (one table, so one id space), or a legal-awareness item. */
export const revisionOwnerInput = z.object({ owner: z.enum(['post', 'legal'], 'invalidChoice'), id });

export const compareRevisionsInput = z.object({ from: id, to: id });

export const restoreRevisionInput = z.object({ id });
