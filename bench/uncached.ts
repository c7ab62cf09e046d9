/**
 * Headers of a bench request that must miss the response cache: a session cookie (one naming no
 * session) is never answered from it. Shaped like a real token, so the server looks it up as it
 * would a signed-in editor's wherever the answer may depend on her: pages, searches. A list or an
 * item that is the same for everyone never looks it up (docs/decisions/055), so those rows cost what
 * an anonymous reader's cache miss costs. A changing query parameter no longer misses: answers are
 * kept by what their address means, whatever else it carries (docs/decisions/021).
 */
export const UNCACHED = { cookie: `session=${'b'.repeat(32)}` };

/**
 * The settings of a server whose rows measure the work itself: a hundred connections from one
 * address would otherwise be one visitor over her budget of the server's time and of searches (those
 * budgets are measured on their own, in bench/render-flood.ts and bench/search-flood.ts).
 */
export const WORK_UNLIMITED = { VISITOR_WORK_MS_PER_SECOND: '0', RATE_LIMIT_SEARCHES: '0' };
