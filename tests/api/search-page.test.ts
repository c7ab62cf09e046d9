import { createTRPCClient, unstable_localLink, type TRPCLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../src/client/entry-server.tsx';
import type { Language } from '../../src/shared/locale.ts';
import { innerContext } from '../../src/server/trpc/context.ts';
import { appRouter, type AppRouter } from '../../src/server/trpc/router.ts';
import { insertPost } from '../factories/search-content.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
beforeAll(async () => {
  deps = createTestDeps();
  await insertPost(deps, { titleEn: 'Midwives <i>train</i> in Bamyan', titleFa: 'آموزش ماماها در بامیان', descriptionFa: 'دوازده ماما در ۱۴۰۲ آموزش دیدند.' });
  for (let index = 0; index < 12; index++) await insertPost(deps, { titleEn: `Flood update ${index}`, titleFa: `گزارش سیل ${index}`, daysAgo: index });
});
afterAll(() => deps?.cleanup());

async function renderPage(url: string, language: Language = 'en') {
  const calls: string[] = [];
  const recording: TRPCLink<AppRouter> =
    () =>
    ({ op, next }) => {
      calls.push(op.path);
      return next(op);
    };
  const client = createTRPCClient<AppRouter>({
    links: [recording, unstable_localLink({ router: appRouter, transformer: superjson, createContext: async () => innerContext(deps, { lang: language }) })],
  });
  return { ...(await render(url, language, client)), calls };
}

describe('the search page, rendered on the server', () => {
  it('shows the results with the matched words marked and the rest as text, in one render, not indexed', async () => {
    const result = await renderPage('/search?q=midwives');
    expect(result.passes).toBe(1);
    expect(result.calls.sort()).toEqual(['config.get', 'search.query']);
    expect(result.head.noindex).toBe(true);
    expect(result.html).toContain('<mark class="rounded-[2px] bg-amber-100 px-0.5 text-stone-950">Midwives</mark>');
    expect(result.html).toContain('&lt;i&gt;train&lt;/i&gt;');
    expect(result.html).not.toContain('<i>train</i>');
    // The item's slugged address, made from its English title.
    expect(result.html).toContain('href="/news/1-midwives-i-train-i-in-bamyan"');
  });

  it('pages in Persian digits; filters and pages post the query again, so no link or form puts it in an address', async () => {
    const result = await renderPage(`/search?q=${encodeURIComponent('سیل')}&page=2`, 'fa');
    expect(result.html).toContain('صفحه ۲ از ۲');
    expect(result.html).toMatch(/۱۲ نتیجه برای «<bdi>سیل<\/bdi>»/);
    expect(result.html).not.toMatch(/href="[^"]*q=/);
    const forms = [...result.html.matchAll(/<form\b[^>]*>/g)].map(([tag]) => tag);
    expect(forms.length).toBeGreaterThan(3);
    for (const form of forms) expect(form, form).toMatch(/method="post"/);
    const filter = result.html.slice(result.html.indexOf('data-testid="search-filter-type"'));
    const typeForm = filter.slice(0, filter.indexOf('</form>'));
    expect(typeForm).toContain('<input type="hidden" name="q" value="سیل"/>');
    expect(typeForm).toMatch(/<button type="submit" value="news"[^>]* name="type"/);
    expect(result.html).toMatch(/<input type="hidden" name="q" value="سیل"\/><button type="submit" value="1"[^>]* name="page"/);
  });

  it('asks nothing of the server for an empty or too long query', async () => {
    const empty = await renderPage('/search');
    expect(empty.calls).toEqual(['config.get']);
    expect(empty.html).toContain('Type a word or two to search the whole site');
    const long = await renderPage(`/search?q=${'a'.repeat(201)}`, 'fa');
    expect(long.calls).toEqual(['config.get']);
    expect(long.html).toContain('عبارت جست‌وجو بیش از اندازه بلند است');
  });

  it('says when nothing is found and suggests checking the spelling', async () => {
    const result = await renderPage('/search?q=zzqx');
    expect(result.html).toContain('Nothing was found for “<bdi>zzqx</bdi>”.');
    expect(result.html).toContain('Check the spelling');
  });

  it('shows a query from a crafted link as typed: direction overrides removed, the query isolated in every sentence', async () => {
    // "Nothing was found for moc.elgoog", reversed by an override, would read as an address.
    const crafted = `/search?q=${encodeURIComponent('\u202Emoc.elgoog\u202C zzqx')}`;
    for (const language of ['en', 'fa'] as const) {
      const result = await renderPage(crafted, language);
      // Addresses in attributes (a form's action) keep the query as sent; no text shown does.
      const shown = result.html.replace(/(action|href)="[^"]*"/g, '');
      expect(shown + JSON.stringify(result.head)).not.toMatch(/[\u202A-\u202E]/);
      expect(result.html).toContain('<bdi>moc.elgoog zzqx</bdi>');
      expect(result.html).toContain('value="moc.elgoog zzqx"');
    }
    const found = await renderPage(`/search?q=${encodeURIComponent('\u202Dmidwives')}`, 'fa');
    expect(found.html).toMatch(/۱ نتیجه برای «<bdi>midwives<\/bdi>»/);
  });

  it('never names the words in the page title, which browsers keep in their history, in either language', async () => {
    for (const language of ['en', 'fa'] as const) {
      for (const url of ['/search?q=midwives', '/search?q=zzqxnothing', `/search?q=${'a'.repeat(201)}`, '/search']) {
        const result = await renderPage(url, language);
        expect(result.title, url).toBe(language === 'en' ? "Search — Women's Rights News" : result.title);
        expect(result.title + JSON.stringify(result.head), url).not.toMatch(/midwives|zzqx|aaaa/);
      }
    }
    expect((await renderPage('/search?q=midwives', 'fa')).title).toBe((await renderPage('/search', 'fa')).title);
  });

  it('leads from a page past the last one back to the last page, not to another empty one', async () => {
    const result = await renderPage(`/search?q=flood&page=40`);
    expect(result.html).toMatch(/<button type="submit" value="2"[^>]* data-rel="prev" name="page"/);
  });
});
