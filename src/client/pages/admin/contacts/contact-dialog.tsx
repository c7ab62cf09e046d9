import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/admin/button.tsx';
import { Modal } from '../../../components/admin/modal.tsx';
import { useDeleteWithConfirm } from '../../../components/admin/use-delete-with-confirm.tsx';
import { useNotify } from '../../../components/admin/use-notify.ts';
import { useRefresh } from '../../../components/admin/use-refresh.ts';
import { formatKeptTime } from '../../../lib/format.ts';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { IsolatedIn } from '../../../components/ui/isolated-in.tsx';
import { isolate } from '../../../../shared/bidi.ts';
import { privateMediaUrl } from '../../../../shared/image-url.ts';

export type ContactMessage = RouterOutputs['contacts']['list']['items'][number];

/** One message in full: who, when (long date with time), what, the attached image, and what to do with it. */
export function ContactDialog({ message, onChange, onClose }: { message: ContactMessage | null; onChange(message: ContactMessage): void; onClose(): void }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefresh();

  const setStatus = useMutation(
    trpc.contacts.setStatus.mutationOptions({
      onSuccess: (updated) => {
        notify.success(t(`contacts.marked.${updated.status}`));
        onChange(updated);
        void refresh('contacts');
      },
      onError: (error) => notify.failure(t('contacts.statusFailed'), error),
    }),
  );
  const deletion = useDeleteWithConfirm({ procedure: trpc.contacts.delete, texts: 'contacts', section: 'contacts', onDeleted: onClose });

  const image = privateMediaUrl(message?.image);
  const busy = setStatus.isPending || deletion.isPending;
  const unread = message?.status === 'pending';
  return (
    <Modal
      open={message !== null}
      onClose={onClose}
      title={<IsolatedIn sentence={(name) => t('contacts.dialogTitle', { name })} value={message?.name ?? ''} />}
      testId="contact-dialog"
      size="lg"
      footer={
        message ? (
          <>
            <Button
              variant="danger-ghost"
              icon="trash"
              className="me-auto"
              onClick={() => deletion.ask({ id: message.id, title: `${isolate(message.name)} <${message.email}>` })}
              disabled={busy}
            >
              {t('actions.delete')}
            </Button>
            {message.status !== 'archived' ? (
              <Button icon="archive" onClick={() => setStatus.mutate({ id: message.id, status: 'archived' })} disabled={busy}>
                {t('contacts.actions.archived')}
              </Button>
            ) : null}
            {/* One button that toggles, so focus stays on it when opening the message marks it read. */}
            <Button
              variant="primary"
              icon={unread ? 'check' : 'inbox'}
              onClick={() => setStatus.mutate({ id: message.id, status: unread ? 'read' : 'pending' })}
              disabled={busy}
              data-autofocus
            >
              {t(unread ? 'contacts.actions.read' : 'contacts.actions.pending')}
            </Button>
          </>
        ) : null
      }
    >
      {message ? (
        <div className="grid gap-5">
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="font-semibold text-stone-600">{t('fields.name')}</dt>
            <dd className="text-stone-900">
              <bdi>{message.name}</bdi>
            </dd>
            <dt className="font-semibold text-stone-600">{t('fields.email')}</dt>
            <dd>
              <a href={`mailto:${message.email}`} dir="ltr" className="text-plum-700 underline hover:text-plum-900">
                {message.email}
              </a>
            </dd>
            <dt className="font-semibold text-stone-600">{t('fields.received')}</dt>
            <dd className="text-stone-900" data-testid="contact-date">
              {formatKeptTime(message.createdAt, language)}
            </dd>
            <dt className="font-semibold text-stone-600">{t('fields.status')}</dt>
            <dd>
              <StatusBadge status={message.status} />
            </dd>
          </dl>
          <div>
            <h3 className="mb-1 text-sm font-semibold text-stone-600">{t('fields.message')}</h3>
            <p className="rounded-lg bg-stone-50 p-4 text-sm leading-relaxed whitespace-pre-wrap text-stone-900 ring-1 ring-stone-200" dir="auto">
              {message.message}
            </p>
          </div>
          {image ? (
            <figure>
              <figcaption className="mb-1 text-sm font-semibold text-stone-600">{t('fields.image')}</figcaption>
              <a href={image} target="_blank" rel="noopener">
                <img src={image} alt={t('contacts.imageAlt', { name: message.name })} className="max-h-80 rounded-lg object-contain ring-1 ring-stone-200" />
              </a>
            </figure>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}

const badgeStyles = { pending: 'bg-amber-100 text-amber-900', read: 'bg-emerald-100 text-emerald-900', archived: 'bg-stone-200 text-stone-700' } as const;

export function StatusBadge({ status }: { status: ContactMessage['status'] }) {
  const { t } = useTranslation('admin');
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badgeStyles[status]}`}>{t(`contacts.status.${status}`)}</span>;
}
