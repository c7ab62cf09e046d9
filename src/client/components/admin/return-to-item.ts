import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * Saving an edit returns to the list the item was opened from (its page and filter) with the item
 * scrolled into view and its first control focused, rather than wherever the list was left. The
 * way back travels in the history entry's state, so addresses stay as they are.
 */
interface ReturnState {
  returnTo?: string;
  editedId?: number;
}

function currentState(): ReturnState {
  const state: unknown = typeof history === 'undefined' ? null : history.state;
  return state && typeof state === 'object' ? (state as ReturnState) : {};
}

/** The state an Edit link carries: where its list is now. */
export function useEditLinkState(): ReturnState {
  const [location] = useLocation();
  const search = useSearch();
  return { returnTo: search ? `${location}?${search}` : location };
}

/** Where a saved edit goes: the list it came from (if it came from one), marking the item to show. */
export function returnAfterEdit(listPath: string, editedId: number): [string, { state: ReturnState }] {
  const from = currentState().returnTo;
  const returnTo = from && from.split('?')[0] === listPath ? from : listPath;
  return [returnTo, { state: { editedId } }];
}

/** On a list: once its items are on screen, bring the item just edited into view and focus it (once). */
export function useFocusEditedItem(ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    const { editedId } = currentState();
    if (!editedId) return;
    const item = document.querySelector<HTMLElement>(`[data-item-id="${editedId}"]`);
    if (!item) return;
    item.scrollIntoView({ block: 'center' });
    (item.querySelector<HTMLElement>('a[href], button') ?? item).focus({ preventScroll: true });
    history.replaceState({ ...history.state, editedId: undefined }, '');
  }, [ready]);
}
