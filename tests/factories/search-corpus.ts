import { insertGallery, insertLegal, insertPost, insertStory, type RawPost } from './search-content.ts';
import type { TestDeps } from '../setup/test-db.ts';

/**
 * One small corpus in English and Persian, written the ways readers and editors write: non-joiners
 * and spaces in compounds, Arabic letter forms (ي ك ة), short-vowel marks and tashdid, Persian and
 * Arabic-Indic digits, Latin diacritics, a pending story. Filled in the same order on any site, so
 * the same items have the same ids on both engines. Returns each item as `table:id` by its key
 * (news, articles and reports share the posts' ids; each other kind has its own).
 */
const POSTS: Record<string, RawPost> = {
  exact: { titleEn: 'Women protest', descriptionEn: 'A short note.', daysAgo: 500 },
  titled: { titleEn: 'Women protest in Herat', descriptionEn: 'Hundreds of women marched; the café owners closed.', daysAgo: 3 },
  bodied: { titleEn: 'Weekly digest', descriptionEn: 'Women protest again. Women protest in Kabul.', daysAgo: 1 },
  zwnj: {
    titleEn: 'Girls want to go back',
    titleFa: 'دختران می‌خواهند به مدرسه‌ها برگردند',
    descriptionFa: 'در سال ۱۴۰۲ کلاس‌های بزرگ‌ترین مدرسه بسته شد.',
    daysAgo: 2,
  },
  arabic: { kind: 'report', titleFa: 'گزارش كريم از مدرسة علي', descriptionFa: 'حق آموزش برای دختران در ١٤٠٣', country: 'afghanistan', daysAgo: 4 },
  accents: { kind: 'article', titleEn: 'Naïve résumé of rights', descriptionEn: 'Rights, reports and the children’s schools.', country: 'iran', daysAgo: 8 },
};

export async function fillSearchCorpus(deps: TestDeps): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [key, post] of Object.entries(POSTS)) ids[key] = `post:${await insertPost(deps, post)}`;
  ids.marks = `legal:${await insertLegal(deps, { titleEn: 'Education rights', titleFa: 'حقّ آموزشِ دُختَران', descriptionFa: 'آموزش حق همه است.' })}`;
  ids.story = `story:${await insertStory(deps, { title: 'داستان یک معلم', description: 'من معلم بودم و می خواهم به مدرسه برگردم.', published: true, daysAgo: 6 })}`;
  ids.pending = `story:${await insertStory(deps, { title: 'Women protest secretly', description: 'Not yet published.', published: false })}`;
  ids.gallery = `gallery:${await insertGallery(deps, 'Women at the school gate')}`;
  return ids;
}
