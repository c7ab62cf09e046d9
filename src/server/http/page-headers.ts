import type { Request, Response } from 'express';
import { isHttps } from '../env.ts';
import type { Deps } from '../trpc/context.ts';
import { languageChoiceToRemember } from './request-language.ts';

/**
 * Tor Browser offers the onion address of a page that names one (`Onion-Location`): readers who
 * reach the clearnet site through Tor move to the onion service, whose traffic never leaves Tor.
 * `address` is the page's path and query: its canonical address when it has one, since the answer
 * may be kept and sent to every reader of that page.
 */
export function announceOnion(deps: Deps, address: string, res: Response): void {
  if (deps.env.ONION_URL) res.setHeader('Onion-Location', `${deps.env.ONION_URL}${address}`);
}

export const LANGUAGE_COOKIE = 'lang';

/**
 * The language links (`?lang=fa`, `?lang=en`) work without JavaScript: the server remembers the
 * choice in the same cookie the client writes, so the next page stays in it. Set only when it
 * changes, so a page opened in the language already chosen stays cacheable.
 */
export function rememberLanguageChoice(deps: Deps, req: Request, res: Response): void {
  const chosen = languageChoiceToRemember(req);
  if (!chosen) return;
  res.cookie(LANGUAGE_COOKIE, chosen, { path: '/', maxAge: 365 * 24 * 3_600_000, sameSite: 'lax', secure: isHttps(deps.env) });
}
