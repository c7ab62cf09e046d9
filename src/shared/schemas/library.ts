import { z } from 'zod';
import { pageInput, uploadId } from './common.ts';
import { listSearchQuery } from './list-search.ts';

/** A page of the picture library, newest first; `q` narrows it to pictures whose descriptions contain the words. */
export const libraryListInput = pageInput.extend({ q: listSearchQuery });
export type LibraryListInput = z.infer<typeof libraryListInput>;

/** A picture of the library, by its upload id. */
export const libraryPictureInput = z.object({ id: uploadId });
