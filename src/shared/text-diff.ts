/** One line of a comparison: in both texts, only in the newer one, or only in the older one. */
export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Lines beyond this many on either side are compared as one block (removed, then added): the table grows with the product. */
const MAX_LINES = 2000;

/** What changed between two texts, line by line (longest common subsequence). */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length > MAX_LINES || b.length > MAX_LINES) {
    if (before === after) return a.map((text) => ({ kind: 'same', text }));
    return [...a.map((text) => ({ kind: 'removed' as const, text })), ...b.map((text) => ({ kind: 'added' as const, text }))];
  }
  return diffSequences(a, b);
}

/** Words beyond this many in a line are marked as a whole: the table grows with the product. */
const MAX_WORDS = 1000;

/**
 * What changed between two versions of a line, word by word: the parts of both, in order, so the
 * removed line can mark its removed words and the added line its added ones. Spaces are parts too,
 * so joining the parts of one side gives its line back.
 */
export function diffWords(before: string, after: string): DiffLine[] {
  const a = before.split(/(\s+)/).filter(Boolean);
  const b = after.split(/(\s+)/).filter(Boolean);
  const parts: DiffLine[] =
    a.length > MAX_WORDS || b.length > MAX_WORDS
      ? [
          { kind: 'removed', text: before },
          { kind: 'added', text: after },
        ]
      : diffSequences(a, b);
  // A changed phrase is marked once, not word by word: the changes of a run (with the spaces kept
  // between them) become what was removed, then what was added.
  const joined: DiffLine[] = [];
  const push = (kind: DiffLine['kind'], text: string) => {
    const last = joined.at(-1);
    if (last?.kind === kind) last.text += text;
    else if (text) joined.push({ kind, text });
  };
  for (let start = 0; start < parts.length;) {
    if (parts[start]!.kind === 'same') {
      push('same', parts[start++]!.text);
      continue;
    }
    let end = start;
    let removed = '';
    let added = '';
    for (;;) {
      const part = parts[end];
      const bridge = part?.kind === 'same' && !part.text.trim() && parts[end + 1] && parts[end + 1]!.kind !== 'same';
      if (!part || (part.kind === 'same' && !bridge)) break;
      if (part.kind !== 'added') removed += part.text;
      if (part.kind !== 'removed') added += part.text;
      end++;
    }
    // A space both sides end with is not a change.
    const space = /\s+$/.exec(removed)?.[0] ?? '';
    const kept = space && added.endsWith(space) ? space : '';
    push('removed', removed.slice(0, removed.length - kept.length));
    push('added', added.slice(0, added.length - kept.length));
    push('same', kept);
    start = end;
  }
  return joined;
}

/** The longest common subsequence of two lists of pieces, as kept, removed and added pieces. */
function diffSequences(a: string[], b: string[]): DiffLine[] {
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i]! });
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) lines.push({ kind: 'removed', text: a[i++]! });
    else lines.push({ kind: 'added', text: b[j++]! });
  }
  while (i < a.length) lines.push({ kind: 'removed', text: a[i++]! });
  while (j < b.length) lines.push({ kind: 'added', text: b[j++]! });
  return lines;
}
