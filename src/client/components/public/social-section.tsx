import { useTranslation } from '../../lib/use-translation.ts';
import { SocialAnchor, useSocialLinks } from './social-links.tsx';

/** The original's animation: the round links bob in a 3 s loop, each 0.4 s after the previous; still under reduced motion. */
const STAGGER_SECONDS = 0.4;

/** The home page's band of social links; nothing at all on a site that configures none (its words ask the reader to follow them). */
export function SocialSection() {
  const { t } = useTranslation('public');
  const links = useSocialLinks();
  if (!links.length) return null;
  return (
    <section
      aria-labelledby="social-heading"
      className="on-dark rounded-sm bg-plum-900 px-6 py-12 text-center text-white sm:px-12"
      data-testid="social-section"
    >
      <h2 id="social-heading" className="font-serif text-2xl font-bold sm:text-3xl">
        {t('social.title')}
      </h2>
      <p className="mx-auto mt-3 max-w-xl leading-relaxed text-plum-100">{t('social.text')}</p>
      <ul className="mt-8 flex justify-center gap-5">
        {links.map((link, index) => (
          <li key={link.network}>
            <SocialAnchor
              link={link}
              iconSize={24}
              className="flex size-14 animate-social-bob items-center justify-center rounded-full bg-white text-plum-800 shadow-md transition-colors hover:bg-plum-100 focus-visible:outline-white motion-reduce:animate-none"
              style={{ animationDelay: `${index * STAGGER_SECONDS}s` }}
              testId={`social-${link.network}`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
