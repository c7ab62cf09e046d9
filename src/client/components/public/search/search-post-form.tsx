import type { FormEvent, ReactNode } from 'react';
import { useSearchNavigation } from '../../../lib/search.ts';
import { useLanguage } from '../../../lib/use-language.ts';

interface SearchPostFormProps {
  /** The search's other fields, kept as they are (hidden); the pressed button adds its own. */
  fields: Record<string, string | undefined>;
  className?: string;
  label?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A filter or page change on the results: a posted form whose buttons each carry one field's new
 * value, so the query stays out of the address with or without JavaScript (a link would have to
 * carry it). With JavaScript it becomes a router navigation.
 */
export function SearchPostForm({ fields, className, label, testId, children }: SearchPostFormProps) {
  const { language } = useLanguage();
  const showSearch = useSearchNavigation();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(event.currentTarget, submitter);
    void showSearch(Object.fromEntries([...data].map(([name, value]) => [name, String(value)])));
  }

  return (
    // autocomplete off: a browser saves no field of it (the query rides in a hidden one) with the session.
    <form method="post" action={`/search?lang=${language}`} onSubmit={submit} autoComplete="off" className={className} aria-label={label} data-testid={testId}>
      {Object.entries(fields).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      {children}
    </form>
  );
}
