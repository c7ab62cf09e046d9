import { createTRPCClient, unstable_localLink } from '@trpc/client';
import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import superjson from 'superjson';
import { render } from '../../src/client/entry-server.tsx';
import type { Language } from '../../src/shared/locale.ts';
import { innerContext } from '../../src/server/trpc/context.ts';
import { appRouter, type AppRouter } from '../../src/server/trpc/router.ts';
import type { TestDeps } from './test-db.ts';

/** A page as src/server/http/render.ts renders it for an anonymous reader (the HTML the response cache keeps), parsed. */
export async function renderedPage(deps: TestDeps, url: string, language: Language) {
  const client = createTRPCClient<AppRouter>({
    links: [unstable_localLink({ router: appRouter, transformer: superjson, createContext: async () => innerContext(deps, { lang: language }) })],
  });
  const result = await render(url, language, client);
  const document = parseDocument(result.html);
  const all = (test: (element: Element) => boolean) => DomUtils.findAll(test, document.children);
  return {
    ...result,
    /** Every element with this data-testid, in document order. */
    byTestId: (id: string) => all((element) => element.attribs['data-testid'] === id),
    /** Every element of this tag name. */
    byTag: (name: string) => all((element) => element.name === name),
    byId: (id: string) => all((element) => element.attribs.id === id)[0] ?? null,
    /** What a reader sees of the page (without scripts): its text, entities decoded. */
    text: DomUtils.textContent(document),
  };
}

/** An element's text, entities decoded. */
export const textOf = (element: Element) => DomUtils.textContent(element);
