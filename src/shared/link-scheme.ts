/**
 * An address typed the way people say it (`example.org/statement`, `www.example.org`) with
 * `https://` put in front. Anything that already names a scheme (`mailto:`, `javascript:`, `data:`)
 * is left exactly as typed, so the validators still see, and refuse, what is not a web link: this
 * never turns another scheme into a link. Text that does not look like a host is left alone too.
 */
export function withScheme(typed: string): string {
  const text = typed.trim();
  if (!text) return typed;
  if (text.startsWith('//')) return `https:${text}`;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text);
  // `example.org:8080/x` is a host and a port, not a scheme called "example.org".
  if (scheme && !/^[^/:?#]+:\d+(?:[/?#]|$)/.test(text)) return typed;
  const host = /^[^/?#]+/.exec(text)?.[0] ?? '';
  // A host name: letters, digits, dots and dashes with at least one dot, or `localhost`; a port may follow.
  const looksLikeHost = /^(?:[\p{L}\p{N}-]+\.)+[\p{L}\p{N}-]{2,}(?::\d+)?$/u.test(host) || /^localhost(?::\d+)?$/i.test(host);
  return looksLikeHost && !/\s/.test(text) ? `https://${text}` : typed;
}
