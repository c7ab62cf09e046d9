import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { PlayIcon } from './icons.tsx';

/**
 * A play poster that contacts nobody; only a click loads the youtube-nocookie player. Readers on
 * watched networks decide themselves whether their browser talks to YouTube. The poster is a link
 * to the player page (in a new tab), so the video is reachable without JavaScript too; with it,
 * the player opens in place.
 */
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
        className="group absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 pb-16 focus-visible:outline-offset-[-6px] focus-visible:outline-white"
        data-testid="video-poster"
      >
        <span className="flex size-16 items-center justify-center rounded-full bg-white/95 text-plum-800 shadow-lg transition-transform group-hover:scale-105 motion-reduce:transition-none">
          <PlayIcon size={28} className="translate-x-[2px]" />
        </span>
        <span className="line-clamp-2 max-w-md text-center font-semibold">
          <span className="sr-only">{t('video.play')} </span>
          {title}
          {/* Said only while the link really opens a new tab: once scripts run, the player opens in place. */}
          {enhanced ? null : <span className="sr-only"> {t('video.openOnYoutube')}</span>}
        </span>
      </a>
      <p id={noticeId} className="pointer-events-none absolute inset-x-4 bottom-3 mx-auto max-w-sm text-center text-xs text-white/85">
        {t('video.notice')}
      </p>
    </div>
  );
}

/** A video file stored on this site: nothing is downloaded until the reader presses play. */
export function StoredVideo({ src, title, className = 'aspect-video w-full' }: { src: string; title: string; className?: string }) {
  return <video src={src} controls preload="none" aria-label={title} className={`rounded-sm bg-black ${className}`} data-testid="stored-video" />;
}
