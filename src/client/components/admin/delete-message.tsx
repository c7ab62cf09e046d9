import { useTranslation } from '../../lib/use-translation.ts';

/** The body of a delete confirmation: what goes, and that it cannot be brought back. */
export function DeleteMessage({ title, text }: { title?: string; text?: string }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {title ? (
        <p className="mb-2 font-medium break-words text-stone-900" dir="auto">
          {title}
        </p>
      ) : null}
      <p>{text ?? t('confirm.cannotUndo')}</p>
    </>
  );
}
