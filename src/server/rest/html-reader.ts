import type * as FromHtml from '../../shared/rich-text/from-html.ts';

type HtmlReader = typeof FromHtml;

let reader: Promise<HtmlReader> | null = null;

/**
 * The HTML reader of REST bodies (htmlparser2 and its entity tables), loaded with the first body
 * that needs it: only an editor's REST write does, and loaded at start it took 1.1 MB of every web
 * process's heap for good (docs/benchmarks.md, seventeenth pass).
 */
export function htmlReader(): Promise<HtmlReader> {
  reader ??= import('../../shared/rich-text/from-html.ts').catch((error: unknown) => {
    // A load that failed is tried again by the next body (as far as Node's own module cache allows).
    reader = null;
    throw error;
  });
  return reader;
}
