import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from '../public/link.tsx';
import { allContentKinds } from '../../../shared/content-kinds.ts';
import { formatDate } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { NewsletterForm } from '../public/newsletter-form.tsx';
import { SocialIconLinks } from '../public/social-links.tsx';
import { countryItems, navItems } from './nav-items.ts';
import { LogoMark } from './site-logo.tsx';

export function SiteFooter() {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation();
  const { language } = useLanguage();
  const linkClass = 'rounded-sm text-plum-100 hover:text-white hover:underline';
  return (
    <footer className="on-dark mt-20 bg-plum-950 text-plum-100" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.2fr_1fr_1.4fr]">
        <div>
          <div className="flex items-center gap-3">
            <LogoMark size={40} />
            <p className="font-serif text-xl font-bold text-white">{tc('siteName')}</p>
          </div>
          <p className="mt-4 max-w-sm text-sm leading-relaxed">{t('footer.mission')}</p>
          <SocialIconLinks tone="dark" className="-ms-2 mt-4" />
        </div>
        <nav aria-label={t('footer.navLabel')} className="grid grid-cols-2 gap-6 text-sm">
          <ul className="space-y-2.5">
            <li>
              <Link href="/about" className={linkClass} data-testid="footer-about">
                {t('nav.about')}
              </Link>
            </li>
            <li>
              <Link href="/contact" className={linkClass} data-testid="footer-contact">
                {t('nav.contact')}
              </Link>
            </li>
            <li>
              <Link href="/yourStory" className={linkClass}>
                {t('nav.yourStory')}
              </Link>
            </li>
            {countryItems.map((item) => (
              <li key={item.key}>
                <Link href={item.href} className={linkClass}>
                  {t(`countries.${item.key}`)}
                </Link>
              </li>
            ))}
          </ul>
          <ul className="space-y-2.5">
            {navItems
              .filter((item) => [...allContentKinds.map((info) => info.section), 'legalAwareness', 'gallery'].includes(item.key))
              .map((item) => (
                <li key={item.key}>
                  <Link href={item.href} className={linkClass}>
                    {t(`nav.${item.key}`)}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
        <NewsletterForm />
      </div>
      <div className="border-t border-white/15">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-plum-200 sm:px-6">
          {/* A cached page can reach a reader after the new year (1 January, or Nowruz in Persian): her
              browser keeps the year the server wrote rather than failing to hydrate the page. */}
          © <span suppressHydrationWarning>{formatDate(new Date(), language, { year: 'numeric' })}</span> {tc('siteName')} · {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}
