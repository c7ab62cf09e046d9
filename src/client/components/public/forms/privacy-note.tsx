import { useTranslation } from '../../../lib/use-translation.ts';
import { ShieldIcon } from '../icons.tsx';

/**
 * Said before sending, not after: what happens to a photo or video, and what is kept. The server
 * re-encodes images without metadata and remuxes videos without it (src/server/uploads/image.ts, video.ts).
 */
export function PrivacyNote() {
  const { t } = useTranslation('public');
  const points = t('story.privacy.points', { returnObjects: true }) as string[];
  return (
    <aside
      className="rounded-sm border border-plum-200 bg-plum-50 p-5 text-sm leading-relaxed text-stone-800"
      aria-labelledby="privacy-heading"
      data-testid="privacy-note"
    >
      <h3 id="privacy-heading" className="mb-2 flex items-center gap-2 font-bold text-plum-900">
        <ShieldIcon size={20} />
        {t('story.privacy.title')}
      </h3>
      <ul className="list-disc space-y-1.5 ps-5">
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </aside>
  );
}
