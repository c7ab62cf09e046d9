// How the HTML-to-body conversion (from-html.ts) collects blocks, and where it stops.
import { HtmlRejected } from './parse-html.ts';
import { richTextLimits, type Block, type Inline, type Mark } from './schema.ts';

export type SinkKind = 'root' | 'quote' | 'item';

/** Collects the blocks of one container (the body, a quote, a list item) and the paragraph being written. */
export class Sink {
  readonly blocks: Block[] = [];
  private inline: Inline[] = [];
  readonly kind: SinkKind;
  /** How many more list levels may open inside this container. */
  readonly listRoom: number;
  /**
   * Blocks made so far in the whole body. Past the schema's node limit the body would be refused
   * anyway: stopping there spares the rest of the walk (50,000 one-letter paragraphs fit the length
   * limit) and the schema's check of a document it will refuse.
   */
  private readonly made: { blocks: number };
  constructor(kind: SinkKind, listRoom: number, made: { blocks: number }) {
    this.kind = kind;
    this.listRoom = listRoom;
    this.made = made;
  }

  /** A container inside this one, counting towards the same body. */
  inner(kind: SinkKind, listRoom: number): Sink {
    return new Sink(kind, listRoom, this.made);
  }

  private push(node: Block) {
    if (++this.made.blocks > richTextLimits.nodes) throw new HtmlRejected('bodyTooLong');
    this.blocks.push(node);
  }

  text(text: string, marks: readonly Mark[]) {
    // HTML's own white space collapses; a no-break space is text and stays.
    const collapsed = text.replace(/[ \t\n\r\f]+/g, ' ');
    if (!collapsed) return;
    const last = this.inline.at(-1);
    if (collapsed === ' ' && (!last || last.type === 'hardBreak' || last.text.endsWith(' '))) return;
    const node: Inline = marks.length ? { type: 'text', text: collapsed, marks: [...marks] } : { type: 'text', text: collapsed };
    if (last?.type === 'text' && sameMarks(last.marks, node.marks)) last.text += collapsed;
    else this.inline.push(node);
  }

  hardBreak() {
    this.inline.push({ type: 'hardBreak' });
  }

  /** Ends the paragraph being written; `as` turns it into a heading. */
  flush(as?: 2 | 3) {
    const content = trimInline(this.inline);
    this.inline = [];
    if (!content.length) return;
    if (as && this.kind !== 'item') this.push({ type: 'heading', attrs: { level: as }, content });
    else this.push({ type: 'paragraph', content });
  }

  /** Adds a block where this container allows it: pictures, videos and rules only at the top level. */
  add(node: Block) {
    this.flush();
    if (this.kind !== 'root' && (node.type === 'image' || node.type === 'video' || node.type === 'horizontalRule')) return;
    if (this.kind === 'item' && node.type !== 'paragraph' && node.type !== 'bulletList' && node.type !== 'orderedList') return;
    this.push(node);
  }

  finish(): Block[] {
    this.flush();
    return this.blocks;
  }
}

function sameMarks(a: readonly Mark[] | undefined, b: readonly Mark[] | undefined) {
  return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
}

const blank = (node: Inline) => node.type === 'hardBreak' || !node.text.trim();

/** A paragraph without leading or trailing breaks and spaces. */
function trimInline(nodes: Inline[]): Inline[] {
  let start = 0;
  let end = nodes.length;
  while (start < end && blank(nodes[start]!)) start++;
  while (end > start && blank(nodes[end - 1]!)) end--;
  const result = nodes.slice(start, end);
  const first = result[0];
  if (first?.type === 'text') result[0] = { ...first, text: first.text.trimStart() };
  const last = result.at(-1);
  if (last?.type === 'text') result[result.length - 1] = { ...last, text: last.text.trimEnd() };
  return result;
}
