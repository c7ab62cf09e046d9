import { useTranslation } from '../../../lib/use-translation.ts';
import { diffWords, type DiffLine } from '../../../../shared/text-diff.ts';

/** A field's language by its name (`titleFa`, `bodyEn`); the credit is a name, in either script. */
function languageOf(field: string): { lang?: 'en' | 'fa'; dir: 'ltr' | 'rtl' | 'auto' } {
  if (field.endsWith('Fa')) return { lang: 'fa', dir: 'rtl' };
  if (field.endsWith('En')) return { lang: 'en', dir: 'ltr' };
  return { dir: 'auto' };
}

/** Each removed line with the added line that replaced it (the first removed with the first added of a run), so words can be compared. */
function pairedWords(lines: DiffLine[]): (DiffLine[] | null)[] {
  const words: (DiffLine[] | null)[] = lines.map(() => null);
  for (let start = 0; start < lines.length;) {
    let removedEnd = start;
    while (lines[removedEnd]?.kind === 'removed') removedEnd++;
    let addedEnd = removedEnd;
    while (lines[addedEnd]?.kind === 'added') addedEnd++;
    const pairs = Math.min(removedEnd - start, addedEnd - removedEnd);
    for (let index = 0; index < pairs; index++) {
      const parts = diffWords(lines[start + index]!.text, lines[removedEnd + index]!.text);
      words[start + index] = parts.filter((part) => part.kind !== 'added');
      words[removedEnd + index] = parts.filter((part) => part.kind !== 'removed');
    }
    start = Math.max(addedEnd, start + 1);
  }
  return words;
}

const lineClass = { same: 'text-stone-700', added: 'bg-green-50 text-green-950', removed: 'bg-red-50 text-red-950' } as const;

/**
 * One field's changes, in the text's own language, direction and font (never a monospace one, which
 * has no Persian letters): lines added or removed, and in a changed line the words that changed,
 * as <ins> and <del> with a visible mark that does not rely on colour alone.
 */
export function RevisionFieldDiff({ field, lines }: { field: string; lines: DiffLine[] }) {
  const { t } = useTranslation('admin');
  const { lang, dir } = languageOf(field);
  const words = pairedWords(lines);
  return (
    <div lang={lang} dir={dir} className="mt-1 grid gap-0.5 rounded bg-stone-50 p-2 text-sm leading-relaxed whitespace-pre-wrap" data-testid={`diff-${field}`}>
      {lines.map((line, position) => (
        <p key={position} className={`rounded px-1 ${lineClass[line.kind]}`} data-kind={line.kind}>
          {line.kind === 'same' ? null : (
            <>
              <span aria-hidden="true" className="me-1 font-semibold">
                {line.kind === 'added' ? '+' : '−'}
              </span>
              <span className="sr-only">{t(line.kind === 'added' ? 'publication.lineAdded' : 'publication.lineRemoved')}</span>
            </>
          )}
          {words[position]
            ? words[position].map((part, index) =>
                part.kind === 'added' ? (
                  <ins key={index} className="rounded-sm bg-green-200 font-semibold no-underline decoration-2">
                    {part.text}
                  </ins>
                ) : part.kind === 'removed' ? (
                  <del key={index} className="rounded-sm bg-red-200 decoration-2">
                    {part.text}
                  </del>
                ) : (
                  <span key={index}>{part.text}</span>
                ),
              )
            : line.text || '\u00a0'}
        </p>
      ))}
    </div>
  );
}
