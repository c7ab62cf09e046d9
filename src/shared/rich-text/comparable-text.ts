import type { Block, Inline, Mark, RichTextDocument } from './schema.ts';

/**
 * A body as lines an editor can compare between two revisions: the words with their structure
 * written out the way people write it by hand (## heading, **bold**, _italic_, [words](address),
 * - and 1. for list items, > for quotes, pictures and videos with what describes them). Plain text
 * would hide a changed link address, a word made bold, or a picture swapped for another.
 */
export function comparableText(doc: RichTextDocument): string {
  return doc.content.map((block) => blockLines(block, '').join('\n')).join('\n\n');
}

function marked(text: string, marks: readonly Mark[] | undefined): string {
  let out = text;
  for (const mark of marks ?? []) {
    if (mark.type === 'bold') out = `**${out}**`;
    else if (mark.type === 'italic') out = `_${out}_`;
    else out = `[${out}](${mark.attrs.href})`;
  }
  return out;
}

function inlineText(nodes: readonly Inline[] | undefined): string {
  return (nodes ?? []).map((node) => (node.type === 'text' ? marked(node.text, node.marks) : '\n')).join('');
}

function blockLines(node: Block, prefix: string): string[] {
  const lines = (text: string) => text.split('\n').map((line) => prefix + line);
  switch (node.type) {
    case 'paragraph':
      return lines(inlineText(node.content));
    case 'heading':
      return lines(`${'#'.repeat(node.attrs.level)} ${inlineText(node.content)}`);
    case 'bulletList':
    case 'orderedList': {
      const start = node.type === 'orderedList' ? (node.attrs?.start ?? 1) : 0;
      return node.content.flatMap((item, index) =>
        item.content.flatMap((child, position) => {
          const marker = node.type === 'orderedList' ? `${start + index}. ` : '- ';
          if (child.type !== 'paragraph') return blockLines(child, `${prefix}  `);
          return lines(`${position === 0 ? marker : '  '}${inlineText(child.content)}`);
        }),
      );
    }
    case 'blockquote':
      return node.content.flatMap((child) => blockLines(child, `${prefix}> `));
    case 'image':
      return lines(`![${node.attrs.alt}](${node.attrs.src})${node.attrs.caption ? ` ${node.attrs.caption}` : ''}`);
    case 'video':
      return lines(`▶ ${node.attrs.src}`);
    case 'horizontalRule':
      return lines('---');
  }
}
