import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';

interface InAppHistory {
  /** Navigations inside the site so far. */
  count: number;
  /** The path of the page before this one, when it was ours. */
  before: string | null;
}

const Context = createContext<{ current: InAppHistory }>({ current: { count: 0, before: null } });

/** Counts navigations inside the site, so "Back" knows whether the previous page is ours, and which. */
export function InAppHistoryProvider({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const history = useRef<InAppHistory>({ count: 0, before: null });
  // Compares addresses rather than counting effect runs: StrictMode runs effects twice on mount.
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    history.current = { count: history.current.count + 1, before: previous.current };
    previous.current = location;
  }, [location]);
  return <Context.Provider value={history}>{children}</Context.Provider>;
}

/**
 * Goes back in history when the visitor came from another page of this site (with `only`, from
 * that page), else to `fallback`: a reader who opened a shared link is not sent off the site, and
 * "Back to news" after arriving from the home page leads to the news, as it says.
 */
export function useGoBack(fallback: string, only?: string) {
  const history = useContext(Context);
  const [, navigate] = useLocation();
  return () => {
    const { count, before } = history.current;
    if (count > 0 && (only === undefined || before === only)) window.history.back();
    else navigate(fallback);
  };
}
