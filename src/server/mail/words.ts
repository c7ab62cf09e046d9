import type { Language } from '../../shared/locale.ts';
import enCommon from '../../client/locales/en/common.json' with { type: 'json' };
import faCommon from '../../client/locales/fa/common.json' with { type: 'json' };

/** What the site's mails say around the editors' words, in each reader's language. */
export const mailWords = {
  en: {
    siteName: enCommon.siteName,
    confirmSubject: `Confirm your subscription to ${enCommon.siteName}`,
    confirmIntro: 'Someone, we hope you, asked to receive our newsletter at this address.',
    confirmAction: 'Confirm my subscription',
    confirmIgnore: 'If it was not you, ignore this mail: without confirmation the address is deleted within 7 days and you will receive nothing.',
    confirmLinkText: 'Or open this link and press the button there:',
    readMore: 'Read',
    fromSite: 'From the site',
    footer: 'You receive this newsletter because you subscribed and confirmed on our site. It contains no tracking: no pixels, no rewritten links.',
    unsubscribe: 'Unsubscribe',
  },
  fa: {
    siteName: faCommon.siteName,
    confirmSubject: `تأیید اشتراک خبرنامهٔ ${faCommon.siteName}`,
    confirmIntro: 'کسی، امیدواریم خود شما، خواسته است خبرنامهٔ ما به این نشانی فرستاده شود.',
    confirmAction: 'اشتراکم را تأیید می‌کنم',
    confirmIgnore: 'اگر شما نبودید، این نامه را نادیده بگیرید: بی تأیید، این نشانی تا ۷ روز دیگر پاک می‌شود و چیزی برایتان فرستاده نمی‌شود.',
    confirmLinkText: 'یا این پیوند را باز کنید و دکمهٔ آنجا را بزنید:',
    readMore: 'خواندن',
    fromSite: 'از سایت',
    footer: 'این خبرنامه را دریافت می‌کنید چون در سایت ما مشترک شدید و اشتراک را تأیید کردید. هیچ ردیابی در آن نیست: نه پیکسل، نه پیوند بازنویسی‌شده.',
    unsubscribe: 'لغو اشتراک',
  },
} satisfies Record<Language, Record<string, string>>;
