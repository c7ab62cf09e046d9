import { loadOnFirstUse } from '../load-on-first-use.ts';

/**
 * The HTML reader of REST bodies (htmlparser2 and its entity tables), loaded with the first body
 * that needs it: only an editor's REST write does, and loaded at start it took 1.1 MB of every web
 * process's heap for good (docs/benchmarks.md, seventeenth pass).
 */
export const htmlReader = loadOnFirstUse(() => import('../../shared/rich-text/from-html.ts'));
