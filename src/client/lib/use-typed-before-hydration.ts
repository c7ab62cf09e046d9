import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * Text typed into a server-rendered field before the scripts arrived is in the field but not in
 * the form's state, and React would wipe it on the next render. Once hydrated, it is handed to the
 * field's onChange as if it had just been typed.
 */
export function useTypedBeforeHydration(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  value: unknown,
  onChange: ((event: { target: HTMLInputElement | HTMLTextAreaElement }) => void) | undefined,
) {
  const adopt = useEffectEvent(() => {
    const node = field.current;
    if (node && onChange && node.value !== String(value ?? '')) onChange({ target: node });
  });
  useEffect(() => adopt(), []);
}
