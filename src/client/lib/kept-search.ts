import { useEffect, useSyncExternalStore } from 'react';
import { KEPT_SEARCH_TOKEN, keptSearchPath, keptSearchToken, POSTED_SEARCH_ID } from '../../shared/search-address.ts';

/**
 * The searches this page has shown, by token, in this tab's memory only: the history entry holds
 * only the token, in its address (`/search/r/<token>`, or `?s=<token>` on an admin list), so
 * neither the history's state, its addresses, nor the session a browser restores holds a word of
 * them (decision 018). A token the server made also opens the search there for a few minutes, so
 * a reload or a new page load finds it again; a token made here (when the server could not keep
 * the search) lives as long as the tab's page.
 *
 * Fields are a search's form fields as one string (`q=…&type=…`); '' means nothing is kept under
 * that token (expired, or made by another browser).
 */
const kept = new Map<string, string>();
const listeners = new Set<() => void>();
const asked = new Set<string>();
/** A tab that searches all day still holds only its latest searches. */
const MOST_KEPT = 100;
const inBrowser = typeof document !== 'undefined';

function remember(token: string, fields: string) {
  kept.delete(token);
  kept.set(token, fields);
  for (const token of kept.keys()) {
    if (kept.size <= MOST_KEPT) break;
    kept.delete(token);
  }
  for (const listener of listeners) listener();
}

const localToken = () => `local-${crypto.getRandomValues(new Uint32Array(2)).join('')}`;

/**
 * A search the server answered as a page (decision 017's fields in a script element): its token
 * page, or a posted page the server could not keep (a query over the limit). The latter gets a
 * local token in the address before the app reads it, so the page has one address scheme.
 */
if (inBrowser) {
  const text = document.getElementById(POSTED_SEARCH_ID)?.textContent;
  if (text) {
    let token = keptSearchToken(location.pathname);
    if (!token) {
      token = localToken();
      history.replaceState(history.state, '', `${keptSearchPath(token)}${location.search}`);
    }
    remember(token, JSON.parse(text) as string);
  }
}

/**
 * Keeps a search: asks the server for a token bound to this browser (as the search forms do
 * without JavaScript), or makes a local one when it cannot. Resolves to the token.
 */
export async function keepSearch(fields: URLSearchParams): Promise<string> {
  let token: string | null = null;
  try {
    const response = await fetch('/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: fields,
      credentials: 'same-origin',
    });
    const answer = response.ok ? ((await response.json()) as { token?: unknown }) : null;
    if (typeof answer?.token === 'string' && KEPT_SEARCH_TOKEN.test(answer.token)) token = answer.token;
  } catch {
    // Offline or refused: the search is still shown, kept in this page only.
  }
  token ??= localToken();
  remember(token, String(fields));
  return token;
}

async function recall(token: string) {
  if (asked.has(token)) return;
  asked.add(token);
  let fields = '';
  if (KEPT_SEARCH_TOKEN.test(token)) {
    try {
      const response = await fetch(keptSearchPath(token), { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      if (response.ok) fields = String(((await response.json()) as { fields?: unknown }).fields ?? '');
    } catch {
      // Not reachable: shown as not kept.
    }
  }
  remember(token, fields);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The fields kept under `token`: a string ('' when nothing is kept there), or undefined while the
 * server is asked (a page loaded for an admin list's `?s=`). Always undefined on the server, which
 * has no memory of anyone's searches: it renders a kept search from the fields it is given.
 */
export function useKeptSearch(token: string | null): string | undefined {
  const fields = useSyncExternalStore(
    subscribe,
    () => (token ? kept.get(token) : undefined),
    () => (token && inBrowser ? kept.get(token) : undefined),
  );
  useEffect(() => {
    if (token && fields === undefined) void recall(token);
  }, [token, fields]);
  return fields;
}
