/** The home page's news blocks: a lead story with nine numbered beside it, then a grid of the latest. */
export const TOP_NEWS_COUNT = 10;
export const LATEST_NEWS_COUNT = 8;

/**
 * Top news are the items tagged `top`, newest first; when fewer than ten are tagged, the newest
 * other news fill the rest, so the block is never half empty. The latest grid then continues with
 * the newest news not already shown above, so every recent item appears exactly once.
 */
export function splitNews<T extends { id: number }>(topTagged: readonly T[], newest: readonly T[]): { top: T[]; latest: T[] } {
  const top = topTagged.slice(0, TOP_NEWS_COUNT);
  const shown = new Set(top.map((item) => item.id));
  for (const item of newest) {
    if (top.length >= TOP_NEWS_COUNT) break;
    if (shown.has(item.id)) continue;
    top.push(item);
    shown.add(item.id);
  }
  return { top, latest: newest.filter((item) => !shown.has(item.id)).slice(0, LATEST_NEWS_COUNT) };
}
