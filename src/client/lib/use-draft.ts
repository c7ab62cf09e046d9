import { useCallback, useEffect, useRef, useState } from 'react';

const PREFIX = 'admin-draft:';

function read<T extends object>(key: string): Partial<T> | null {
  try {
    const text = window.localStorage.getItem(PREFIX + key);
    const parsed: unknown = text ? JSON.parse(text) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Partial<T>) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: object | null) {
  try {
    if (value) window.localStorage.setItem(PREFIX + key, JSON.stringify(value));
    else window.localStorage.removeItem(PREFIX + key);
  } catch {
    /* storage full or disabled: the form still works, only without the safety net */
  }
}

/** Forgets one form's saved draft (its values were replaced on the server, as by restoring a revision). */
export function forgetDraft(key: string) {
  write(key, null);
}

/** Forgets every saved draft, on sign-out: the next person at this laptop must not see them. */
export function clearAllDrafts() {
  try {
    for (const key of Object.keys(window.localStorage)) if (key.startsWith(PREFIX)) window.localStorage.removeItem(key);
  } catch {
    /* ignore */
  }
}

/**
 * Form values that survive a reload, a closed tab, an expired session or a click on another
 * section: saved to localStorage while they differ from the initial values, dropped on `clear()`.
 * `exclude` names fields never written to storage (passwords).
 */
export function useDraft<T extends Record<string, unknown>>(key: string, initial: T, options: { exclude?: (keyof T)[] } = {}) {
  const initialRef = useRef(initial);
  const excludeRef = useRef(options.exclude ?? []);
  const [state, setState] = useState(() => {
    const stored = read<T>(key);
    const values = stored ? { ...initial, ...pick(stored, Object.keys(initial)) } : initial;
    return { values: values as T, restored: Boolean(stored), revision: 0 };
  });

  useEffect(() => {
    const saved: Record<string, unknown> = { ...state.values };
    for (const field of excludeRef.current) delete saved[field as string];
    const pristine: Record<string, unknown> = { ...initialRef.current };
    for (const field of excludeRef.current) delete pristine[field as string];
    write(key, JSON.stringify(saved) === JSON.stringify(pristine) ? null : saved);
  }, [key, state.values]);

  const setField = useCallback(
    <K extends keyof T>(field: K, value: T[K]) => setState((current) => ({ ...current, values: { ...current.values, [field]: value } })),
    [],
  );

  /** Back to the initial values, and the saved draft forgotten (after a successful save, or on "discard"). */
  const clear = useCallback(() => {
    write(key, null);
    setState((current) => ({ values: initialRef.current, restored: false, revision: current.revision + 1 }));
  }, [key]);

  const dismissRestored = useCallback(() => setState((current) => ({ ...current, restored: false })), []);

  /**
   * Counts the times the values were replaced as a whole (`clear()`): a field that keeps its own
   * state (the body editor) takes its value again only when this changes, never from its own echo.
   */
  return { values: state.values, revision: state.revision, restored: state.restored, setField, clear, dismissRestored };
}

function pick(source: object, keys: string[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of keys) if (Object.hasOwn(source, key)) result[key] = (source as Record<string, unknown>)[key];
  return result;
}
