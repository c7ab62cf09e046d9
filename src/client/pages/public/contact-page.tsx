import { useTranslation } from '../../lib/use-translation.ts';
import { ContactForm } from '../../components/public/forms/contact-form.tsx';
import { MailIcon } from '../../components/public/icons.tsx';
import { PageFrame, PageHeading } from '../../components/public/page-heading.tsx';
import { SocialIconLinks, useSocialLinks } from '../../components/public/social-links.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSiteConfig } from '../../lib/use-site-config.ts';

export function ContactPage() {
  const { t } = useTranslation('public');
  const { data: config } = useSiteConfig();
  const following = useSocialLinks().length > 0;
  useDocumentTitle(t('contact.title'));
  return (
    <PageFrame>
      <PageHeading title={t('contact.title')} intro={t('contact.intro')} />
      <div className="grid gap-10 lg:grid-cols-[1fr_2fr] lg:gap-16">
        <aside className="space-y-8" aria-labelledby="contact-details-heading" data-testid="contact-details">
          <section>
            <h2 id="contact-details-heading" className="mb-3 font-serif text-xl font-bold">
              {t('contact.detailsTitle')}
            </h2>
            <p className="leading-relaxed text-stone-700">{t('contact.detailsText')}</p>
            {config?.contactEmail ? (
              <p className="mt-4">
                <a
                  href={`mailto:${config.contactEmail}`}
                  className="inline-flex items-center gap-2 font-semibold text-plum-800 hover:underline"
                  dir="ltr"
                  data-testid="contact-email"
                >
                  <MailIcon size={18} />
                  {config.contactEmail}
                </a>
              </p>
            ) : null}
          </section>
          {following ? (
            <section aria-labelledby="contact-social-heading">
              <h2 id="contact-social-heading" className="mb-2 font-serif text-xl font-bold">
                {t('contact.socialTitle')}
              </h2>
              <SocialIconLinks className="-ms-2" />
            </section>
          ) : null}
          <section className="rounded-sm border-s-4 border-plum-700 bg-white p-5 text-sm leading-relaxed text-stone-700 shadow-sm">
            <h2 className="mb-2 font-bold text-stone-900">{t('contact.safetyTitle')}</h2>
            <p>{t('contact.safetyText')}</p>
          </section>
        </aside>
        <section className="rounded-sm border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="contact-form-heading" className="mb-6 font-serif text-2xl font-bold">
            {t('contact.formTitle')}
          </h2>
          <ContactForm />
        </section>
      </div>
    </PageFrame>
  );
}
