import { useTranslation } from '../../lib/use-translation.ts';
import { useLanguage } from '../../lib/use-language.ts';

/**
 * Whose words these are: the author's public name in the page's language (a pen name, perhaps),
 * else the newsroom's. Never the other language's name, and never an account name she did not choose.
 */
export function Byline({
  item,
  className = 'font-semibold text-stone-800',
}: {
  item: { bylineEn: string | null; bylineFa: string | null };
  className?: string;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const name = language === 'fa' ? item.bylineFa : item.bylineEn;
  return (
    <span className={className} data-testid="byline">
      {name ? (
        <>
          {t('byline.by')} <bdi>{name}</bdi>
        </>
      ) : (
        t('siteName')
      )}
    </span>
  );
}
