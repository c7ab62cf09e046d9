import { useQuery } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSearchParams } from 'wouter';
import { canPublish } from '../../../../shared/roles.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useAdminUser } from '../admin-session.tsx';

/** The editors' "by author" narrowing of an item list, kept in the address (`?author=12`). */
export function useAuthorFilter() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('author'));
  const author = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const setAuthor = useCallback(
    (next: number | undefined) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        copy.delete('page');
        if (next === undefined) copy.delete('author');
        else copy.set('author', String(next));
        return copy;
      }),
    [setParams],
  );
  return { author, setAuthor };
}

/** A select of every account, for editors and administrators (writers see their own work). */
export function AuthorFilter({ value, onChange }: { value: number | undefined; onChange(value: number | undefined): void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const trpc = useTRPC();
  const editor = canPublish(useAdminUser().role);
  const authors = useQuery({ ...trpc.users.authors.queryOptions(), enabled: editor });
  if (!editor) return null;
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm font-semibold text-stone-700">
      {t('byline.filter')}
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
        className="rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-normal"
        data-testid="author-filter"
      >
        <option value="">{t('byline.anyAuthor')}</option>
        {authors.data?.map((author) => (
          <option key={author.id} value={author.id}>
            {author.name}
          </option>
        ))}
      </select>
    </label>
  );
}
