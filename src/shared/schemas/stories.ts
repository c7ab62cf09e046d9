import { z } from 'zod';
import { listSearchQuery } from './list-search.ts';
import { id, limits, optionalUploadId, pageInput, requiredText } from './common.ts';

const storyStatuses = ['pending', 'published'] as const;

export const createStoryInput = z.object({
  title: requiredText(limits.title),
  description: requiredText(limits.longText),
  mediaUploadId: optionalUploadId,
});

export const listStoriesInput = pageInput.extend({
  status: z.enum([...storyStatuses, 'all'], 'invalidChoice').default('all'),
  q: listSearchQuery,
});

export const storyIdInput = z.object({ id });
