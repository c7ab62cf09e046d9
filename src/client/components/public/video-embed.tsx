import { useId, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { IsolatedIn } from '../ui/isolated-in.tsx';
import { PlayIcon } from './icons.tsx';

/**
 * A play poster that contacts nobody; only a click loads the youtube-nocookie player. Readers on
 * watched networks decide themselves whether their browser talks to YouTube. The poster is a link
 * to the player page (in a new tab), so the video is reachable without JavaScript too; with it,
 * the player opens in place.
 */
const PLAYER_DOMAIN = 'youtube-nocookie.com';

/**
 * The player's address inside a sentence: isolated left-to-right, so Persian around it cannot
 * reorder its dots and hyphen, and kept on one line (a break at the hyphen reads as two words).
 */
function PlayerDomain({ sentence }: { sentence(domain: string): string }) {
  return <IsolatedIn sentence={sentence} value={PLAYER_DOMAIN} dir="ltr" className="whitespace-nowrap" />;
}

export function VideoEmbed({ embedUrl, title, className = 'aspect-video w-full' }: { embedUrl: string; title: string; className?: string }) {
  const { t } = useTranslation('public');
  const [playing, setPlaying] = useState(false);
  const noticeId = useId();
  const enhanced = useHydrated();
  if (playing) {
    return (
      <iframe
        src={`${embedUrl}?autoplay=1&rel=0`}
        title={title}
        // The site sends no referrer, but YouTube's player refuses to start without one: give it the origin only.
        referrerPolicy="strict-origin-when-cross-origin"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        className={`rounded-sm bg-black ${className}`}
        data-testid="video-iframe"
      />
    );
  }
  // The notice sits outside the button: a button's name must contain its visible text (WCAG 2.5.3).
  return (
    <div
      className={`relative overflow-hidden rounded-sm bg-gradient-to-br from-plum-900 via-plum-800 to-stone-900 text-white ${className}`}
      data-testid="video-poster-box"
    >
      <a
        href={embedUrl}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(event) => {
          // A new tab or window (modifier keys) opens the player page as the link says.
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          setPlaying(true);
        }}
        aria-describedby={noticeId}
        // pb-14 keeps the notice's two lines clear of the title; on a phone the 16:9 box is under
        // 200 px tall, so the button is smaller there and the title never shrinks (shrink-0):
        // a shrunk line-clamped box is cut through a line instead of ending with an ellipsis.
        className="group absolute inset-0 flex flex-col items-center justify-center gap-2 p-3 pb-14 focus-visible:outline-offset-[-6px] focus-visible:outline-white sm:gap-3 sm:p-4 sm:pb-16"
        // Pressed before the page's scripts have come, it fetches them and opens the player in place (src/client/wake.ts).
        data-wake
        data-testid="video-poster"
      >
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-white/95 text-plum-800 shadow-lg transition-transform group-hover:scale-105 motion-reduce:transition-none sm:size-16">
          <PlayIcon size={28} className="translate-x-[2px]" />
        </span>
        <span className="line-clamp-2 max-w-md shrink-0 text-center text-sm/snug font-semibold sm:text-base/snug" data-testid="video-poster-title">
          <span className="sr-only">{t('video.play')} </span>
          {title}
          {/* Said only while the link really opens a new tab: once scripts run, the player opens in place. */}
          {enhanced ? null : (
            <span className="sr-only">
              {' '}
              <PlayerDomain sentence={(domain) => t('video.openOnYoutube', { domain })} />
            </span>
          )}
        </span>
      </a>
      <p
        id={noticeId}
        className="pointer-events-none absolute inset-x-3 bottom-2 mx-auto line-clamp-2 max-w-sm text-center text-xs/snug text-white/85 sm:inset-x-4 sm:bottom-3"
        data-testid="video-notice"
      >
        <PlayerDomain sentence={(domain) => t('video.notice', { domain })} />
      </p>
    </div>
  );
}

/** A video file stored on this site: nothing is downloaded until the reader presses play. */
export function StoredVideo({ src, title, className = 'aspect-video w-full' }: { src: string; title: string; className?: string }) {
  return <video src={src} controls preload="none" aria-label={title} className={`rounded-sm bg-black ${className}`} data-testid="stored-video" />;
}
