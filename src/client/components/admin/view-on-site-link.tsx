import { useTranslation } from 'react-i18next';
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
