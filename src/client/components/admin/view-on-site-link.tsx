import { useTranslation } from '../../lib/use-translation.ts';
import { buttonClass } from './button.tsx';
import { Icon } from './icons.tsx';

/** The public page of an item, in a new tab so the editor keeps their place. */
export function ViewOnSiteLink({ href }: { href: string }) {
  const { t } = useTranslation('admin');
  return (
    <a href={href} target="_blank" rel="noopener" className={buttonClass('secondary')}>
      <Icon name="external" className="size-4" />
      {t('form.viewOnSite')}
    </a>
  );
}

/** An item's preview in each language, as readers will see it once published; only editors can open it. */
export function PreviewLinks({ path }: { path: string }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {(['en', 'fa'] as const).map((language) => (
        <a
          key={language}
          href={`${path}?lang=${language}`}
          target="_blank"
          rel="noopener"
          className={buttonClass('secondary')}
          data-testid={`preview-${language}`}
        >
          <Icon name="external" className="size-4" />
          {t(language === 'en' ? 'publication.previewEn' : 'publication.previewFa')}
        </a>
      ))}
    </>
  );
}
