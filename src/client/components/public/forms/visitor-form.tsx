import type { FormEvent } from 'react';
import { preloadSchemas } from '../../../lib/schemas-lazy.ts';
import { formActions } from '../../../../shared/form-posts.ts';

/**
 * The attributes of a visitor form that works with JavaScript off too: it posts (never GETs)
 * multipart to the page's own address, where the server answers it with a page. With JavaScript
 * on, `onSubmit` sends it through the API instead, and focusing it starts loading the schemas.
 */
export function visitorFormAttributes(form: keyof typeof formActions, onSubmit: (event: FormEvent) => void) {
  return {
    method: 'post',
    action: formActions[form],
    encType: 'multipart/form-data',
    onSubmit,
    onFocus: preloadSchemas,
    noValidate: true,
    className: 'space-y-6',
    'data-testid': `${form}-form`,
    'aria-labelledby': `${form}-form-heading`,
  } as const;
}
