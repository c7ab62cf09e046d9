import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posts } from '../../src/server/db/schema.ts';
import { message } from '../../src/shared/messages.ts';
import { MAX_HTML_LENGTH } from '../../src/shared/rich-text/from-html.ts';
import { makeContent, makeImageUpload } from '../factories/index.ts';
import { adminCaller } from '../setup/callers.ts';
import { clientErrorOf } from '../setup/errors.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { json, sendForm, signIn, useRestServer } from './rest-kit.ts';

/** The English body as stored (the document's JSON text), read past the procedures. */
async function storedBodyEn(deps: TestDeps, id: number): Promise<{ body: string | null } | undefined> {
  const [row] = await deps.db.select({ body: posts.bodyEn }).from(posts).where(eq(posts.id, id));
  return row;
}

/*
 * Bodies reach the server as documents (tRPC) or as HTML (REST). Either way only what the document
 * schema allows is stored: what an editor's browser let through, or what a script sends directly.
 */

describe('Bodies sent as documents', () => {
  it('stores only what the schema allows: attributes it does not know and direction overrides are dropped', async () => {
    const deps = createTestDeps();
    try {
      const { caller } = await adminCaller(deps);
      const item = await makeContent(deps, 'article');
      const picture = (await makeImageUpload(deps)).path;
      const hostile = {
        type: 'doc',
        attrs: { onload: 'steal()' },
        content: [
          {
            type: 'paragraph',
            attrs: { onclick: 'steal()', style: 'position:fixed' },
            content: [
              { type: 'text', text: 'Invoice for Eve \u202Efdp.exe', html: '<img src=x onerror=steal()>' },
              { type: 'text', text: ' link', marks: [{ type: 'link', attrs: { href: 'https://example.org', onclick: 'steal()', target: '_blank' } }] },
            ],
          },
          { type: 'image', attrs: { src: picture, alt: 'A court', onerror: 'steal()' } },
        ],
      };
      await caller.articles.update({ id: item.id, bodyEn: hostile });
      const stored = (await storedBodyEn(deps, item.id))!.body!;
      expect(JSON.parse(stored)).toEqual({
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Invoice for Eve fdp.exe' },
              { type: 'text', text: ' link', marks: [{ type: 'link', attrs: { href: 'https://example.org' } }] },
            ],
          },
          { type: 'image', attrs: { src: picture, alt: 'A court' } },
        ],
      });
    } finally {
      await deps.cleanup();
    }
  });

  it('refuses nodes the schema does not know and links that are not web or mail addresses', async () => {
    const deps = createTestDeps();
    try {
      const { caller } = await adminCaller(deps);
      const item = await makeContent(deps, 'article');
      const bodies = [
        { type: 'doc', content: [{ type: 'html', html: '<script>steal()</script>' }] },
        {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:steal()' } }] }] }],
        },
        { type: 'doc', content: [{ type: 'image', attrs: { src: 'https://tracker.example/p.gif', alt: 'x' } }] },
      ];
      for (const bodyEn of bodies) {
        const refused = await clientErrorOf(deps, caller.articles.update({ id: item.id, bodyEn }));
        expect(refused.code).toBe('BAD_REQUEST');
        const fields = Object.keys(refused.fieldErrors ?? {});
        expect(fields.length).toBeGreaterThan(0);
        expect(fields.every((field) => field.startsWith('bodyEn'))).toBe(true);
      }
      expect(await storedBodyEn(deps, item.id)).toEqual({ body: null });
    } finally {
      await deps.cleanup();
    }
  });
});

describe('Bodies sent as HTML', () => {
  const world = useRestServer();

  it('refuses HTML whose depth hides behind stray closing tags with 422 on the field, at once', async () => {
    const { client } = await signIn(world);
    const item = await makeContent(world.deps, 'news');
    const started = performance.now();
    const response = await sendForm(client, `/api/admin/news/${item.id}`, { body_En: '<div></b>'.repeat(Math.floor(MAX_HTML_LENGTH / 9)) });
    const took = performance.now() - started;
    expect(response.status).toBe(422);
    expect((await json(response)).errors).toEqual({ body_En: [message('en', 'bodyTooDeep')] });
    // Before, this parsed for seconds and then overflowed the stack (a 500).
    expect(took).toBeLessThan(1_000);
  });
});
