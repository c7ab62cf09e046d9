import type { BodySegment } from '../../../shared/rich-text/render.ts';
import { VideoEmbed } from './video-embed.tsx';

/**
 * A body as the server rendered it (src/shared/rich-text/render.ts, which can only write the
 * allowed elements and attributes, every text escaped): HTML pieces, and between them videos as
 * the click-to-load player. Items written as plain text look as they always did: paragraphs with
 * their line breaks, spaced alike.
 */
export function RichBody({ segments, title }: { segments: readonly BodySegment[]; title: string }) {
  return (
    <div className="space-y-5 text-lg leading-8 text-stone-800 [overflow-wrap:anywhere]" data-testid="prose">
      {segments.map((segment, index) =>
        'html' in segment ? (
          // The only HTML a page inserts: made by our allowlist renderer on the server, never by an editor or visitor.
          <div key={index} className="rich-body" dangerouslySetInnerHTML={{ __html: segment.html }} />
        ) : (
          <VideoEmbed key={index} embedUrl={segment.video.embedUrl} title={title} />
        ),
      )}
    </div>
  );
}

/** The caption and credit under a cover picture, in the reader's language; nothing when neither is set. */
export function CoverCaption({ caption, credit, creditLabel }: { caption: string | null; credit: string | null; creditLabel: string }) {
  if (!caption && !credit) return null;
  return (
    <figcaption className="mt-2 px-4 text-sm text-stone-600 sm:px-0" data-testid="cover-caption">
      {caption}
      {caption && credit ? ' — ' : null}
      {credit ? <span className="text-stone-500">{creditLabel}</span> : null}
    </figcaption>
  );
}
