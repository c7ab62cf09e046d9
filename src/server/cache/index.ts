import type { Db } from '../db/client.ts';
import type { Language } from '../../shared/locale.ts';
import { databaseContentVersion, type ContentVersionSource } from './content-version.ts';
import { versionedAsyncMemo, versionedMemo, type Remember, type RememberAsync } from './memo.ts';
import { ResponseCache } from './response-cache.ts';
import { validatorMaker } from './validators.ts';

export type { ContentVersionSource } from './content-version.ts';
export { httpCache } from './http.ts';

/**
 * Everything the site caches, behind one small interface. Procedures that change what a visitor
 * can see call `contentChanged()` (through their declaration, see trpc/procedures.ts); the
 * response cache, the list memos and the validators all follow `version()`.
 */
export interface SiteCache {
  /** The current content version: internal, never sent to a client. */
  version(): string;
  /**
   * Public output changed: every cached answer, memo and validator of this process moves on at
   * once; the other processes' once the returned promise settles (the shared counter is written).
   */
  contentChanged(): Promise<void>;
  /** A value derived from public tables, worked out once per version (synchronous reads, SQLite's reader). */
  remember: Remember;
  /** The same for a value worked out by awaited queries. */
  rememberAsync: RememberAsync;
  /** The opaque ETag of a public read of this version in this language. */
  validator(version: string, language: Language): string;
  /** Stored anonymous answers (http.ts answers from them), by canonical address and language. */
  responses: ResponseCache;
  /** Awaited before a request is answered where versions come from other processes; null where nothing is to wait for. */
  refresh(): Promise<void> | null;
}

/** Built once per site (createApp, or a test's dependencies) and passed through the context. */
export function createSiteCache(db: Db, validatorKey: Buffer, versions: ContentVersionSource = databaseContentVersion(db)): SiteCache {
  const version = () => versions.current();
  return {
    version,
    contentChanged: () => versions.bump(),
    remember: versionedMemo(version),
    rememberAsync: versionedAsyncMemo(version),
    validator: validatorMaker(validatorKey),
    responses: new ResponseCache(),
    refresh: () => versions.refresh?.() ?? null,
  };
}
