import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/admin/button.tsx';
import { useConfirm } from '../../../components/admin/confirm.tsx';
import { Modal } from '../../../components/admin/modal.tsx';
import { useDeleteWithConfirm } from '../../../components/admin/use-delete-with-confirm.tsx';
import { useNotify } from '../../../components/admin/use-notify.ts';
import { useRefresh } from '../../../components/admin/use-refresh.ts';
import { formatKeptTime } from '../../../lib/format.ts';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { privateMediaUrl } from '../../../../shared/image-url.ts';

export type Story = RouterOutputs['stories']['list']['items'][number];

/** A submitted story in full (title, image or video, description) and the decision about it. */
export function StoryDialog({ story, onChange, onClose }: { story: Story | null; onChange(story: Story): void; onClose(): void }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const notify = useNotify();
  const refresh = useRefresh();
  const confirm = useConfirm();

  const onStatus = {
    onSuccess: (updated: Story) => {
      notify.success(t(updated.status === 'published' ? 'stories.published' : 'stories.unpublished'));
      onChange(updated);
      void refresh('stories');
    },
    onError: (error: unknown) => notify.failure(t('stories.statusFailed'), error),
  };
  const publish = useMutation(trpc.stories.publish.mutationOptions(onStatus));
  const unpublish = useMutation(trpc.stories.unpublish.mutationOptions(onStatus));
  const deletion = useDeleteWithConfirm({ procedure: trpc.stories.delete, texts: 'stories', section: 'stories', onDeleted: onClose });

  // Publishing puts a survivor's own words on a public site: the editor confirms having checked them.
  const askPublish = async () => {
    if (
      story &&
      (await confirm({ title: t('stories.confirmPublish'), message: t('stories.publishWarning'), confirmLabel: t('stories.actions.publish'), tone: 'default' }))
    )
      publish.mutate({ id: story.id });
  };
  const askUnpublish = async () => {
    if (
      story &&
      (await confirm({
        title: t('stories.confirmUnpublish'),
        message: t('stories.unpublishNote'),
        confirmLabel: t('stories.actions.unpublish'),
        tone: 'default',
      }))
    )
      unpublish.mutate({ id: story.id });
  };

  const media = privateMediaUrl(story?.media);
  const busy = publish.isPending || unpublish.isPending || deletion.isPending;
  return (
    <Modal
      open={story !== null}
      onClose={onClose}
      size="lg"
      testId="story-dialog"
      title={<span dir="auto">{story?.title}</span>}
      footer={
        story ? (
          <>
            <Button variant="danger-ghost" icon="trash" className="me-auto" onClick={() => deletion.ask({ id: story.id, title: story.title })} disabled={busy}>
              {t('actions.delete')}
            </Button>
            {story.status === 'published' ? (
              <Button onClick={() => void askUnpublish()} busy={unpublish.isPending} disabled={busy}>
                {t('stories.actions.unpublish')}
              </Button>
            ) : (
              <Button variant="primary" icon="check" onClick={() => void askPublish()} busy={publish.isPending} disabled={busy}>
                {t('stories.actions.publish')}
              </Button>
            )}
          </>
        ) : null
      }
    >
      {story ? (
        <div className="grid gap-4">
          <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
            <StoryStatusBadge status={story.status} />
            <span>{t('stories.receivedOn', { date: formatKeptTime(story.createdAt, language) })}</span>
          </p>
          {media && story.mediaKind === 'video' ? (
            <video src={media} controls preload="metadata" className="max-h-96 w-full rounded-lg bg-stone-900" data-testid="story-video" />
          ) : media ? (
            <img
              src={media}
              alt={t('stories.imageAlt')}
              className="max-h-96 w-full rounded-lg object-contain ring-1 ring-stone-200"
              data-testid="story-image"
            />
          ) : null}
          <p className="text-sm leading-relaxed whitespace-pre-wrap text-stone-900" dir="auto" data-testid="story-description">
            {story.description}
          </p>
        </div>
      ) : null}
    </Modal>
  );
}

export function StoryStatusBadge({ status }: { status: Story['status'] }) {
  const { t } = useTranslation('admin');
  const style = status === 'published' ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900';
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${style}`}>{t(`stories.status.${status}`)}</span>;
}
