import type { Block, Inline, RichTextDocument } from './schema.ts';

/**
 * Plain text of a body, for the REST `description_*` fields, list excerpts, meta descriptions,
 * feeds and search: blocks separated by a blank line, line breaks kept, list items one per line.
 * A document made from plain text by `documentFromPlainText` gives that text back.
 */
export function plainText(doc: RichTextDocument): string {
  return doc.content
    .map(blockText)
    .filter((text) => text.trim() !== '')
    .join('\n\n');
}

function inlineText(nodes: readonly Inline[] | undefined): string {
  return (nodes ?? []).map((node) => (node.type === 'text' ? node.text : '\n')).join('');
}

type ListBlock = Extract<Block, { type: 'bulletList' | 'orderedList' }>;

function listText(node: ListBlock, depth: number): string {
  const start = node.type === 'orderedList' ? (node.attrs?.start ?? 1) : 0;
  return node.content
    .map((item, index) => {
      const marker = node.type === 'orderedList' ? `${start + index}.` : '•';
      return item.content
        .map((child, position) =>
          child.type === 'paragraph' ? `${'  '.repeat(depth)}${position === 0 ? `${marker} ` : '  '}${inlineText(child.content)}` : listText(child, depth + 1),
        )
        .join('\n');
    })
    .join('\n');
}

function blockText(node: Block): string {
  switch (node.type) {
    case 'paragraph':
    case 'heading':
      return inlineText(node.content);
    case 'bulletList':
    case 'orderedList':
      return listText(node, 0);
    case 'blockquote':
      return node.content.map(blockText).join('\n\n');
    case 'image':
      return node.attrs.caption ?? '';
    case 'video':
    case 'horizontalRule':
      return '';
  }
}

/**
 * Plain text as a document: blank lines separate paragraphs, single line breaks stay line breaks.
 * Items written before bodies existed, and REST clients that send only a description, become this.
 */
export function documentFromPlainText(text: string): RichTextDocument {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  return {
    type: 'doc',
    content: paragraphs.map((paragraph) => ({
      type: 'paragraph' as const,
      content: paragraph.split('\n').flatMap((line, index): Inline[] => {
        const parts: Inline[] = index > 0 ? [{ type: 'hardBreak' }] : [];
        return line ? [...parts, { type: 'text', text: line }] : parts;
      }),
    })),
  };
}
