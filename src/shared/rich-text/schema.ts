import { z } from 'zod';
import '../schemas/zod-setup.ts';
import { stripBidiOverrides } from '../bidi.ts';
import { cleanText } from '../schemas/common.ts';
import { isRecognisedVideoLink } from '../video-links.ts';

/**
 * The body of an item in one language: a structured document (the JSON shape ProseMirror and
 * TipTap use, restricted to what a newsroom body needs), never HTML. Every node and mark the site
 * can show is listed here; anything else is refused on input and can never reach a page.
 */
export const richTextLimits = {
  /** Characters of text in one document, all nodes together. */
  text: 60_000,
  /** Nodes of any kind in one document. */
  nodes: 20_000,
  /** Lists inside lists, the outermost counting as one. */
  listDepth: 4,
  url: 2000,
  alt: 500,
  caption: 1000,
} as const;

const safeUrl = (value: string) => {
  try {
    const url = new URL(value);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol);
  } catch {
    return false;
  }
};

/** Only web and e-mail links: `javascript:`, `data:`, `vbscript:` and relative tricks are refused. */
export const linkHref = z.string().trim().min(1).max(richTextLimits.url).refine(safeUrl, 'invalidUrl');

/**
 * An inline image is a still image stored by this site (its stored path, as uploads return it):
 * a page never loads a picture from elsewhere, which would tell a third party who reads what.
 */
export const storedImagePath = z.string().regex(/^images\/[a-z0-9]+\.(jpg|png|webp|avif|gif)$/, 'uploadNotFound');

/**
 * The stored path of a picture of this site from any form of its address: the public
 * `/storage/images/…`, the editors' `/media/private/images/…` (what an upload answers while its
 * item is unpublished), absolute or relative, or the bare `images/…` path. Null for anything else,
 * so a picture from elsewhere never enters a body.
 */
export function storedImagePathOf(src: string | null | undefined): string | null {
  const match = /^(?:(?:.*\/)?(?:storage|media\/private)\/)?(images\/[a-z0-9]+\.[a-z0-9]+)(?:[?#].*)?$/.exec(src ?? '');
  const parsed = storedImagePath.safeParse(match?.[1]);
  return parsed.success ? parsed.data : null;
}

const bold = z.object({ type: z.literal('bold') });
const italic = z.object({ type: z.literal('italic') });
const link = z.object({ type: z.literal('link'), attrs: z.object({ href: linkHref }) });
export const markSchema = z.discriminatedUnion('type', [bold, italic, link]);

/**
 * Text as people send all text (src/shared/bidi.ts): a body pasted from a hostile page keeps no
 * direction override, here or in a link's words. Not trimmed: spaces between marks are text.
 */
const textNode = z.object({
  type: z.literal('text'),
  text: z.string().min(1).max(richTextLimits.text).overwrite(stripBidiOverrides),
  marks: z.array(markSchema).max(3).optional(),
});
const hardBreak = z.object({ type: z.literal('hardBreak') });
export const inlineSchema = z.discriminatedUnion('type', [textNode, hardBreak]);
/** A text node that held only controls is left out: an empty one is no node (ProseMirror refuses it). */
const inlineContent = z
  .array(inlineSchema)
  .max(richTextLimits.nodes)
  .transform((nodes) => nodes.filter((node) => node.type !== 'text' || node.text !== ''))
  .optional();

const paragraph = z.object({ type: z.literal('paragraph'), content: inlineContent });
const heading = z.object({ type: z.literal('heading'), attrs: z.object({ level: z.union([z.literal(2), z.literal(3)]) }), content: inlineContent });
const horizontalRule = z.object({ type: z.literal('horizontalRule') });
const image = z.object({
  type: z.literal('image'),
  attrs: z.object({
    src: storedImagePath,
    alt: cleanText().min(1, 'altRequired').max(richTextLimits.alt),
    caption: cleanText().max(richTextLimits.caption).nullish(),
  }),
});
const video = z.object({
  type: z.literal('video'),
  attrs: z.object({ src: z.string().trim().max(richTextLimits.url).refine(isRecognisedVideoLink, 'videoLinkUnrecognised') }),
});

const listItem = z.object({
  type: z.literal('listItem'),
  get content() {
    return z
      .array(z.union([paragraph, bulletList, orderedList]))
      .min(1)
      .max(richTextLimits.nodes);
  },
});
const bulletList = z.object({ type: z.literal('bulletList'), content: z.array(listItem).min(1).max(richTextLimits.nodes) });
const orderedList = z.object({
  type: z.literal('orderedList'),
  attrs: z.object({ start: z.number().int().min(0).max(100_000).optional() }).optional(),
  content: z.array(listItem).min(1).max(richTextLimits.nodes),
});

/** What a block quote may hold: text blocks and lists, but no quote, picture or video. */
const blockquote = z.object({
  type: z.literal('blockquote'),
  content: z
    .array(z.union([paragraph, heading, bulletList, orderedList]))
    .min(1)
    .max(richTextLimits.nodes),
});

const block = z.union([paragraph, heading, bulletList, orderedList, blockquote, image, video, horizontalRule]);

/** Deeper than any document the schema accepts (doc > quote > lists > item > paragraph > text). */
const MAX_NESTING = 4 + richTextLimits.listDepth * 2;

/**
 * Measures the input before the schema walks it: a hostile document nested thousands deep, or
 * with millions of nodes, is refused here without recursion, so it can neither exhaust the stack
 * nor take long.
 */
function measure(input: unknown): 'ok' | 'tooDeep' | 'tooLarge' {
  const stack: { node: unknown; depth: number; list: number }[] = [{ node: input, depth: 0, list: 0 }];
  let nodes = 0;
  let text = 0;
  while (stack.length) {
    const { node, depth, list } = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    const current = node as { type?: unknown; text?: unknown; content?: unknown };
    nodes += 1;
    if (typeof current.text === 'string') text += current.text.length;
    if (nodes > richTextLimits.nodes || text > richTextLimits.text) return 'tooLarge';
    const inList = list + (current.type === 'bulletList' || current.type === 'orderedList' ? 1 : 0);
    if (depth > MAX_NESTING || inList > richTextLimits.listDepth) return 'tooDeep';
    if (Array.isArray(current.content)) for (const child of current.content) stack.push({ node: child, depth: depth + 1, list: inList });
  }
  return 'ok';
}

export const richTextDocument = z
  .unknown()
  .superRefine((input, issue) => {
    const verdict = measure(input);
    if (verdict === 'tooLarge') issue.addIssue({ code: 'custom', message: 'bodyTooLong' });
    if (verdict === 'tooDeep') issue.addIssue({ code: 'custom', message: 'bodyTooDeep' });
  })
  .pipe(z.object({ type: z.literal('doc'), content: z.array(block).max(richTextLimits.nodes) }));

export type RichTextDocument = z.infer<typeof richTextDocument>;
export type Block = RichTextDocument['content'][number];
export type Inline = z.infer<typeof inlineSchema>;
export type Mark = z.infer<typeof markSchema>;

/** The empty body: one empty paragraph, as editors start. */
export const emptyDocument = (): RichTextDocument => ({ type: 'doc', content: [] });
