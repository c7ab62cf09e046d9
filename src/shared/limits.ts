/**
 * The longest text each kind of field accepts, in UTF-16 units as zod and the browser count them.
 * Kept apart from the zod schemas so forms can show a counter without loading zod.
 */
export const limits = {
  title: 300,
  name: 200,
  shortText: 2000,
  longText: 50_000,
  message: 10_000,
  email: 254,
  url: 2000,
  password: 256,
  mediaItems: 10,
  pageSize: 50,
} as const;

/** The largest id either engine stores: PostgreSQL's ids are 32-bit `serial` columns, so a larger number is no item's id. */
export const MAX_ITEM_ID = 2_147_483_647;
