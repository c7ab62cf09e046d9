const MARKER = '\u0000';

/**
 * A translated sentence with someone's text in it ("Message from {{name}}"): the text sits in a
 * <bdi>, so a name in the other script, or a stray direction mark, cannot reorder the sentence.
 */
export function IsolatedIn({
  sentence,
  value,
  dir,
  className,
}: {
  sentence(placeholder: string): string;
  value: string;
  dir?: 'ltr' | 'rtl';
  className?: string;
}) {
  const [before = '', after = ''] = sentence(MARKER).split(MARKER);
  return (
    <>
      {before}
      <bdi dir={dir} className={className}>
        {value}
      </bdi>
      {after}
    </>
  );
}
