import { escapeHtml, inline, safeHref } from '../../shared/rich-text/render.ts';
import type { Block, RichTextDocument } from '../../shared/rich-text/schema.ts';
import { hasVariants, variantPath } from '../../shared/image-variants.ts';
import { storageUrl } from '../../shared/image-url.ts';
import { directionOf, type Language } from '../../shared/locale.ts';

/**
 * Mail clients know no style sheets of a site, no web fonts we would fetch, and little CSS: every
 * element carries its style, the layout is a table, and the fonts are ones readers already have,
 * Persian first where the mail is Persian (Tahoma and Segoe UI on Windows, Geeza Pro on Apple
 * devices, Noto on Android and Linux).
 */
export const fontStacks: Record<Language, string> = {
  en: "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  fa: "Tahoma, 'Segoe UI', 'Vazirmatn', 'Noto Naskh Arabic', 'Noto Sans Arabic', 'Geeza Pro', 'DejaVu Sans', Arial, sans-serif",
};

const colors = { ink: '#1c1917', muted: '#57534e', line: '#e7e5e4', brand: '#6b2152', page: '#f5f5f4' };

/** A stored picture as an absolute address on the site's own origin: the JPEG copy 960 px wide, which every client shows. */
export function mailImageUrl(stored: string, origin: string): string {
  const path = hasVariants(stored) ? variantPath(stored, 960, 'jpg') : stored;
  return storageUrl(path, `${origin}/`) ?? '';
}

const side = (language: Language) => (language === 'fa' ? 'right' : 'left');

function block(node: Block, language: Language, origin: string): string {
  const text = `margin:0 0 16px;text-align:${side(language)}`;
  switch (node.type) {
    case 'paragraph':
      return `<p style="${text}">${inline(node.content)}</p>`;
    case 'heading':
      return `<h${node.attrs.level} style="${text};font-size:${node.attrs.level === 2 ? 22 : 18}px;line-height:1.4;color:${colors.ink}">${inline(node.content)}</h${node.attrs.level}>`;
    case 'bulletList':
    case 'orderedList': {
      const tag = node.type === 'bulletList' ? 'ul' : 'ol';
      const items = node.content
        .map(
          (item) =>
            `<li style="margin:0 0 8px">${item.content.map((child) => (child.type === 'paragraph' ? inline(child.content) : block(child, language, origin))).join('')}</li>`,
        )
        .join('');
      return `<${tag} style="margin:0 0 16px;padding-${side(language)}:24px">${items}</${tag}>`;
    }
    case 'blockquote':
      return `<blockquote style="margin:0 0 16px;padding-${side(language)}:16px;border-${side(language)}:3px solid ${colors.brand};color:${colors.muted}">${node.content.map((child) => block(child, language, origin)).join('')}</blockquote>`;
    case 'horizontalRule':
      return `<hr style="border:0;border-top:1px solid ${colors.line};margin:24px 0">`;
    case 'image': {
      const caption = node.attrs.caption ? `<div style="font-size:13px;color:${colors.muted};padding-top:6px">${escapeHtml(node.attrs.caption)}</div>` : '';
      return `<div style="margin:0 0 16px"><img src="${escapeHtml(mailImageUrl(node.attrs.src, origin))}" alt="${escapeHtml(node.attrs.alt)}" width="544" style="display:block;width:100%;max-width:544px;height:auto;border:0">${caption}</div>`;
    }
    case 'video': {
      const link = safeHref(node.attrs.src);
      return link ? `<p style="${text}"><a href="${escapeHtml(link)}" style="color:${colors.brand}">${escapeHtml(link)}</a></p>` : '';
    }
  }
}

/** A body document as mail HTML: the same words and links, styled inline, pictures by absolute address. */
export function mailBodyHtml(doc: RichTextDocument, language: Language, origin: string): string {
  return doc.content.map((node) => block(node, language, origin)).join('');
}

/** The frame of every mail: the site's name, the content, and a footer, in the reader's language and direction. */
export function mailDocument(parts: { language: Language; title: string; heading: string; content: string; footer: string }): string {
  const { language } = parts;
  const dir = directionOf(language);
  const font = fontStacks[language];
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(parts.title)}</title>
</head>
<body style="margin:0;padding:0;background:${colors.page}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${colors.page}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" dir="${dir}" style="max-width:600px;background:#ffffff;border-radius:8px;border-top:4px solid ${colors.brand}">
<tr><td dir="${dir}" style="padding:24px 28px 8px;font-family:${font};font-size:14px;line-height:1.6;color:${colors.muted};text-align:${side(language)}">${parts.heading}</td></tr>
<tr><td dir="${dir}" style="padding:8px 28px 16px;font-family:${font};font-size:16px;line-height:1.8;color:${colors.ink};text-align:${side(language)}">${parts.content}</td></tr>
<tr><td dir="${dir}" style="padding:16px 28px 24px;border-top:1px solid ${colors.line};font-family:${font};font-size:13px;line-height:1.7;color:${colors.muted};text-align:${side(language)}">${parts.footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export const mailColors = colors;
