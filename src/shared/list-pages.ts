/** The number of the last page of a list (1 for an empty list, whose first page says so). */
export const lastPageOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * The last page of a list when `answer` is a page of it past the last one (an old link after items
 * went, or a made-up `?page=999999`), else null. Such a page is answered (empty) but never kept in
 * the response cache, and a page address asking for one is sent to the last page instead of being
 * rendered: any number of them would each cost an entry or a render, for the same empty answer.
 */
export function pastLastPage(answer: unknown): number | null {
  if (!answer || typeof answer !== 'object') return null;
  const { items, total, page, pageSize } = answer as Record<string, unknown>;
  if (!Array.isArray(items) || typeof total !== 'number' || typeof page !== 'number' || typeof pageSize !== 'number' || pageSize < 1) return null;
  const last = lastPageOf(total, pageSize);
  return page > last ? last : null;
}
