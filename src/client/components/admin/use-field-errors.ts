import { useCallback, useState } from 'react';

/**
 * The errors a form shows, and `clear(...)` for the fields the editor has just changed: a fixed
 * mistake stops being reported at once, the others stay until the next attempt.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const clear = useCallback(
    (...fields: string[]) =>
      setErrors((current) => {
        // A whole-form error (no field of its own) no longer applies once anything changes.
        const stale = [...fields, 'form'].filter((field) => field in current);
        if (!stale.length) return current;
        const next = { ...current };
        for (const field of stale) delete next[field];
        return next;
      }),
    [],
  );
  return { errors, setErrors, clear };
}
