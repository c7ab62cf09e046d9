import { Element, type ChildNode } from 'domhandler';

/**
 * Microsoft Word (desktop) copies lists as paragraphs, not as lists: each item is a
 * `<p style="mso-list:l0 level2 …">` whose bullet or number is typed out inside a conditional
 * comment (`<![if !supportLists]>·&nbsp;<![endif]>`). Read as they are, they become paragraphs
 * starting with "·". This turns each run of such paragraphs into real nested lists, and drops the
 * typed markers, before the body is read; everything else is left as it is.
 */
export function wordListsToLists(nodes: ChildNode[]): ChildNode[] {
  const out: ChildNode[] = [];
  let open: { level: number; id: string; list: Element }[] = [];
  for (const node of nodes) {
    const item = wordListItem(node);
    if (!item) {
      // Whitespace between two items does not end the list.
      if (open.length && node.type === 'text' && !node.data.trim()) continue;
      open = [];
      if (node instanceof Element) node.children = wordListsToLists(node.children);
      out.push(node);
      continue;
    }
    while (open.length && open.at(-1)!.level > item.level) open.pop();
    // Another Word list (its own id), or a bulleted run turning numbered, is a list of its own.
    const same = open.at(-1);
    if (same && same.level === item.level && (same.id !== item.id || (same.list.name === 'ol') !== item.ordered)) {
      open.pop();
    }
    if (!open.length || open.at(-1)!.level < item.level) {
      const list = new Element(item.ordered ? 'ol' : 'ul', {}, []);
      const parentItem = open.at(-1)?.list.children.at(-1);
      if (parentItem instanceof Element) parentItem.children.push(list);
      else out.push(list);
      open.push({ level: item.level, id: item.id, list });
    }
    open.at(-1)!.list.children.push(new Element('li', {}, [new Element('p', {}, item.content)]));
  }
  return out;
}

const MSO_LIST = /mso-list:\s*l(\d+)\s+level(\d+)/i;
/** A typed number or letter ("1.", "a)", "iv.") rather than a bullet glyph. */
const NUMBERED = /^\s*\(?[0-9a-z]{1,4}[.)]/i;

function textOf(nodes: readonly ChildNode[]): string {
  return nodes.map((node) => (node.type === 'text' ? node.data : node instanceof Element ? textOf(node.children) : '')).join('');
}

/** A Word list paragraph: its level, whether numbered, and its content without the typed marker. */
function wordListItem(node: ChildNode): { level: number; id: string; ordered: boolean; content: ChildNode[] } | null {
  if (!(node instanceof Element) || node.name !== 'p') return null;
  const [, id, level] = MSO_LIST.exec(node.attribs.style ?? '') ?? [];
  if (!id || !level) return null;
  const children = node.children;
  const start = children.findIndex((child) => child.type === 'comment' && /if\s+!supportLists/i.test(child.data));
  const end = start === -1 ? -1 : children.findIndex((child, index) => index > start && child.type === 'comment' && /endif/i.test(child.data));
  const marker = start === -1 || end === -1 ? '' : textOf(children.slice(start + 1, end));
  const content = start === -1 || end === -1 ? children : [...children.slice(0, start), ...children.slice(end + 1)];
  return { level: Number(level), id, ordered: NUMBERED.test(marker), content };
}
