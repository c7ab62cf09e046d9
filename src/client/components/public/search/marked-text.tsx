import type { SearchHit } from '../../../lib/search.ts';

/** Result text with the matched words in <mark>: parts from the server, rendered as text (never as HTML). */
export function MarkedText({ parts }: { parts: SearchHit['snippet'] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.mark ? (
          <mark key={index} className="rounded-[2px] bg-amber-100 px-0.5 text-stone-950">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
