import { insertGallery, insertLegal, insertPost, insertStory } from './search-content.ts';
import type { TestDeps } from '../setup/test-db.ts';

/**
 * One small corpus in English and Persian, written the ways readers and editors write: non-joiners
 * and spaces in compounds, Arabic letter forms (ي ك ة), short-vowel marks and tashdid, Persian and
 * Arabic-Indic digits, Latin diacritics, a pending story. Filled in the same order on any site, so
 * the same items have the same ids on both engines. Returns each item as `table:id` by its key
 * (news, articles and reports share the posts' ids; each other kind has its own).
 */
export async function fillSearchCorpus(deps: TestDeps): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  ids.exact = 'post:' + (await insertPost(deps, { titleEn: 'Women protest', descriptionEn: 'A short note.', daysAgo: 500 }));
  ids.titled =
    'post:' + (await insertPost(deps, { titleEn: 'Women protest in Herat', descriptionEn: 'Hundreds of women marched; the café owners closed.', daysAgo: 3 }));
  ids.bodied = 'post:' + (await insertPost(deps, { titleEn: 'Weekly digest', descriptionEn: 'Women protest again. Women protest in Kabul.', daysAgo: 1 }));
  ids.zwnj =
    'post:' +
    (await insertPost(deps, {
      titleEn: 'Girls want to go back',
      titleFa: 'دختران می‌خواهند به مدرسه‌ها برگردند',
      descriptionFa: 'در سال ۱۴۰۲ کلاس‌های بزرگ‌ترین مدرسه بسته شد.',
      daysAgo: 2,
    }));
  ids.arabic =
    'post:' +
    (await insertPost(deps, {
      kind: 'report',
      titleFa: 'گزارش كريم از مدرسة علي',
      descriptionFa: 'حق آموزش برای دختران در ١٤٠٣',
      country: 'afghanistan',
      daysAgo: 4,
    }));
  ids.marks = 'legal:' + (await insertLegal(deps, { titleEn: 'Education rights', titleFa: 'حقّ آموزشِ دُختَران', descriptionFa: 'آموزش حق همه است.' }));
  ids.story =
    'story:' + (await insertStory(deps, { title: 'داستان یک معلم', description: 'من معلم بودم و می خواهم به مدرسه برگردم.', published: true, daysAgo: 6 }));
  ids.pending = 'story:' + (await insertStory(deps, { title: 'Women protest secretly', description: 'Not yet published.', published: false }));
  ids.gallery = 'gallery:' + (await insertGallery(deps, 'Women at the school gate'));
  ids.accents =
    'post:' +
    (await insertPost(deps, {
      kind: 'article',
      titleEn: 'Naïve résumé of rights',
      descriptionEn: 'Rights, reports and the children’s schools.',
      country: 'iran',
      daysAgo: 8,
    }));
  return ids;
}
