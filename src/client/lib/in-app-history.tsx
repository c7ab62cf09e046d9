import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';

const Context = createContext<{ current: number }>({ current: 0 });

/** Counts navigations inside the site, so "Back" knows whether the previous page is ours. */
export function InAppHistoryProvider({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const count = useRef(0);
  // Compares addresses rather than counting effect runs: StrictMode runs effects twice on mount.
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    count.current += 1;
  }, [location]);
  return <Context.Provider value={count}>{children}</Context.Provider>;
}

/**
 * Goes back in history when the visitor came from another page of this site, else to `fallback`:
 * a reader who opened a shared link is not sent off the site.
 */
export function useGoBack(fallback: string) {
  const count = useContext(Context);
  const [, navigate] = useLocation();
  return () => {
    if (count.current > 0) window.history.back();
    else navigate(fallback);
  };
}
