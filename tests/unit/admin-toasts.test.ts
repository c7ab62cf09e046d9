import { describe, expect, it } from 'vitest';
import en from '../../src/client/locales/en/admin.json' with { type: 'json' };
import fa from '../../src/client/locales/fa/admin.json' with { type: 'json' };
import { contentKindIds } from '../../src/shared/content-kinds.ts';

type Texts = Record<string, unknown>;
const locales = { en, fa } as unknown as Record<'en' | 'fa', Texts>;

/** The word for each kind that a toast about it must contain, in each language. */
const names = {
  news: { en: /news/i, fa: /خبر/ },
  article: { en: /article/i, fa: /مقاله/ },
  report: { en: /report/i, fa: /گزارش/ },
  gallery: { en: /gallery item/i, fa: /مورد گالری/ },
  legal: { en: /legal awareness item/i, fa: /مطلب آگاهی حقوقی/ },
  users: { en: /user/i, fa: /کاربر/ },
  stories: { en: /story/i, fa: /روایت/ },
  contacts: { en: /message/i, fa: /پیام/ },
  newsletter: { en: /subscriber/i, fa: /مشترک/ },
} as const;

/**
 * Every toast the panel shows after a change (use-add-form, use-edit-form, use-delete-with-confirm,
 * the story and message dialogs), and the failures beside them: key paths under admin.json.
 */
const toasts: Record<keyof typeof names, string[]> = {
  ...(Object.fromEntries(
    contentKindIds.map((kind) => [kind, ['added', 'addFailed', 'updated', 'deleted', 'deleteFailed'].map((key) => `content.${kind}.${key}`)]),
  ) as Record<'news' | 'article' | 'report', string[]>),
  gallery: ['added', 'addFailed', 'updated', 'deleted', 'deleteFailed'].map((key) => `gallery.${key}`),
  legal: ['added', 'addFailed', 'updated', 'deleted', 'deleteFailed'].map((key) => `legal.${key}`),
  users: ['added', 'addFailed', 'updated', 'deleted', 'deleteFailed'].map((key) => `users.${key}`),
  stories: ['published', 'unpublished', 'statusFailed', 'deleted', 'deleteFailed'].map((key) => `stories.${key}`),
  contacts: ['marked.read', 'marked.archived', 'marked.pending', 'statusFailed', 'deleted', 'deleteFailed'].map((key) => `contacts.${key}`),
  newsletter: ['deleted', 'deleteFailed'].map((key) => `newsletter.${key}`),
};

const textAt = (texts: Texts, path: string) => path.split('.').reduce<unknown>((node, key) => (node as Texts | undefined)?.[key], texts);

describe('admin toasts name the kind of item they are about', () => {
  it('covers every content kind of the registry', () => {
    for (const kind of contentKindIds) expect(Object.keys(toasts)).toContain(kind);
  });

  for (const language of ['en', 'fa'] as const)
    for (const [kind, paths] of Object.entries(toasts))
      it(`for ${kind} (${language})`, () => {
        for (const path of paths) {
          const text = textAt(locales[language], path);
          expect(typeof text, path).toBe('string');
          expect(text, path).toMatch(names[kind as keyof typeof names][language]);
        }
      });
});
