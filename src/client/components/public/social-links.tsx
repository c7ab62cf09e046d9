import type { ComponentType, CSSProperties } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useSiteConfig } from '../../lib/use-site-config.ts';
import { FacebookIcon, MailIcon, MicroblogIcon } from './icons.tsx';

interface SocialLink {
  network: 'facebook' | 'twitter' | 'email';
  href: string;
  Icon: ComponentType<{ size?: number }>;
}

/** The configured social links in a fixed order (social network, microblog, e-mail); unset ones are left out. */
export function useSocialLinks(): SocialLink[] {
  const { data } = useSiteConfig();
  if (!data) return [];
  const links: (SocialLink | null)[] = [
    data.facebookUrl ? { network: 'facebook', href: data.facebookUrl, Icon: FacebookIcon } : null,
    data.twitterUrl ? { network: 'twitter', href: data.twitterUrl, Icon: MicroblogIcon } : null,
    data.contactEmail ? { network: 'email', href: `mailto:${data.contactEmail}`, Icon: MailIcon } : null,
  ];
  return links.filter((link): link is SocialLink => link !== null);
}

/**
 * Each link opens in a new tab (the reader keeps their place) and is named "Follow us on" plus the
 * network. Nobody "follows" an address in Persian, so the e-mail link has a sentence of its own in each language.
 */
function useFollowLabel() {
  const { t } = useTranslation('public');
  return (network: SocialLink['network']) => (network === 'email' ? t('social.emailUs') : t('social.followUsOn', { network: t(`social.networks.${network}`) }));
}

/** One social link as an icon: it opens in a new tab without handing this page to the other site, and is named for screen readers. */
export function SocialAnchor({
  link,
  iconSize,
  className,
  style,
  testId,
}: {
  link: SocialLink;
  iconSize: number;
  className: string;
  style?: CSSProperties;
  testId?: string;
}) {
  const label = useFollowLabel();
  const { network, href, Icon } = link;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label(network)}
      title={label(network)}
      className={className}
      style={style}
      data-testid={testId}
    >
      <Icon size={iconSize} />
    </a>
  );
}

/** Small icon links for the header, the drawer and the footer. */
export function SocialIconLinks({ tone = 'light', className = '', testId = 'social-links' }: { tone?: 'light' | 'dark'; className?: string; testId?: string }) {
  const links = useSocialLinks();
  if (!links.length) return null;
  const look = tone === 'dark' ? 'text-plum-100 hover:bg-white/10 hover:text-white' : 'text-stone-700 hover:bg-plum-50 hover:text-plum-800';
  return (
    <ul className={`flex items-center gap-1 ${className}`} data-testid={testId}>
      {links.map((link) => (
        <li key={link.network}>
          <SocialAnchor link={link} iconSize={18} className={`flex size-10 items-center justify-center rounded-full ${look}`} />
        </li>
      ))}
    </ul>
  );
}
