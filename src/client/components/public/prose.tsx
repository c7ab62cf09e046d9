import { paragraphs } from '../../lib/content.ts';

/** Body text with its paragraphs kept; single line breaks inside a paragraph stay line breaks. */
export function Prose({ text, className = '' }: { text: string; className?: string }) {
  return (
    <div className={`space-y-5 text-lg leading-8 text-stone-800 [overflow-wrap:anywhere] ${className}`} data-testid="prose">
      {paragraphs(text).map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
