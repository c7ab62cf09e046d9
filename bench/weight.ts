import zlib from 'node:zlib';

export interface WeightRow {
  page: string;
  html: number;
  css: number;
  js: number;
  fonts: number;
  total: number;
}

/**
 * The first-load weight of a page, as a browser downloads it (brotli as the server sends it):
 * the HTML, the stylesheets and module scripts it links (with their static imports), and the
 * fonts its language needs. Images are not counted.
 */
export async function pageWeight(origin: string, pathname: string, label: string): Promise<WeightRow> {
  const get = async (url: string) => {
    const response = await fetch(new URL(url, origin), { headers: { 'accept-encoding': 'br' } });
    return Buffer.from(await response.arrayBuffer());
  };
  const compressed = (body: Buffer) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
  const html = (await get(pathname)).toString();
  const seen = new Set<string>();
  let css = 0;
  let js = 0;
  let fonts = 0;
  const persian = /<html[^>]*\blang="fa"/.test(html);
  for (const [, href] of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) {
    const body = await get(href!);
    css += compressed(body);
    // The fonts a page of this language needs: Latin always, Arabic script in Persian.
    for (const [, font] of body.toString().matchAll(/url\(([^)]+\.woff2)\)/g)) {
      if (seen.has(font!) || !/vazirmatn-(latin|arabic)-(400|700)/.test(font!) || (!persian && font!.includes('arabic'))) continue;
      seen.add(font!);
      fonts += (await get(font!)).length;
    }
  }
  const queue = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  while (queue.length) {
    const src = queue.shift()!;
    if (seen.has(src)) continue;
    seen.add(src);
    const body = await get(src);
    js += compressed(body);
    for (const [, dep] of body.toString().matchAll(/\bimport\s*(?:[\w{},*\s]+from\s*)?["']\.\/([^"']+\.js)["']/g)) queue.push(new URL(dep!, new URL(src, origin)).pathname);
  }
  const htmlSize = compressed(Buffer.from(html));
  return { page: label, html: htmlSize, css, js, fonts, total: htmlSize + css + js + fonts };
}
