import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'wouter';
import { Button, buttonClass } from './button.tsx';
import { Icon } from './icons.tsx';
import { useEditLinkState } from './return-to-item.ts';

/** A list page's "Add …" button, leading to its add form. */
export function AddLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className={buttonClass('primary')}>
      <Icon name="plus" className="size-4" />
      {label}
    </Link>
  );
}

/** Edit on a card or a row; the accessible name says which item, since every row has one. */
export function EditLink({ href, name }: { href: string; name: string }) {
  const { t } = useTranslation('admin');
  const state = useEditLinkState();
  return (
    <Link href={href} state={state} className={buttonClass('ghost', 'sm')} aria-label={`${t('actions.edit')}: ${name}`}>
      <Icon name="edit" className="size-4" />
      {t('actions.edit')}
    </Link>
  );
}

/** Delete on a card or a row (it asks first: see useDeleteWithConfirm), busy while its request runs. */
export function DeleteButton({ name, busy, onClick, className }: { name: string; busy: boolean; onClick(): void; className?: string }) {
  const { t } = useTranslation('admin');
  return (
    <Button size="sm" variant="danger-ghost" icon="trash" className={className} busy={busy} onClick={onClick} aria-label={`${t('actions.delete')}: ${name}`}>
      {t('actions.delete')}
    </Button>
  );
}
