import { useLayoutEffect, useState } from 'react';

/**
 * How often a shown relative time ("3 minutes ago") is brought up to date. Its finest unit is the
 * minute, so it is never more than half a minute behind.
 */
export const CLOCK_TICK_MS = 30_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  for (const listener of listeners) listener();
}

/** A tab in the background gets its timers slowed down or stopped: catch up as soon as it is shown again. */
function onVisibility() {
  if (document.visibilityState === 'visible') tick();
}

/** One timer for every relative time on the page, running only while one is shown. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    timer = setInterval(tick, CLOCK_TICK_MS);
    document.addEventListener('visibilitychange', onVisibility);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size) return;
    clearInterval(timer);
    timer = undefined;
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * The browser's time, kept current, once the component is on the screen; null in the server's HTML
 * and while it is hydrated. The server's HTML is kept in the response cache (decision 021) and by
 * browsers, and read without scripts, so nothing it says may depend on when it was rendered: a
 * component shows what stays true (a date) while this is null, and what depends on the time only
 * from the first effect on, which runs before the browser paints.
 */
export function useClock(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useLayoutEffect(() => {
    const update = () => setNow(Date.now());
    update();
    return subscribe(update);
  }, []);
  return now;
}
