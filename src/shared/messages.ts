import type { Language } from './locale.ts';

/**
 * Messages the server sends to people, in both languages. Schemas use these keys as custom issue
 * messages; routers use them for errors; the client shows what it receives.
 */
export const messages = {
  required: { en: 'This field is required.', fa: 'پر کردن این بخش الزامی است.' },
  invalidEmail: { en: 'Enter a valid e-mail address.', fa: 'یک نشانی ایمیل معتبر وارد کنید.' },
  invalidUrl: { en: 'Enter a valid link starting with http:// or https://.', fa: 'یک پیوند معتبر که با http:// یا https:// آغاز می‌شود وارد کنید.' },
  invalidChoice: { en: 'Choose one of the offered options.', fa: 'یکی از گزینه‌های موجود را انتخاب کنید.' },
  invalidValue: { en: 'This value is not valid.', fa: 'این مقدار معتبر نیست.' },
  slugInvalid: {
    en: 'Use letters or digits for the address (other characters become hyphens).',
    fa: 'برای نشانی از حروف یا رقم استفاده کنید (نویسه‌های دیگر به خط تیره تبدیل می‌شوند).',
  },
  searchTooLong: { en: 'Your search is too long: use at most 200 characters.', fa: 'عبارت جست‌وجو بیش از اندازه بلند است: حداکثر ۲۰۰ نویسه بنویسید.' },
  searchEmpty: { en: 'Type a word to search for.', fa: 'واژه‌ای برای جست‌وجو بنویسید.' },
  searchTooMany: {
    en: 'You have searched many times in a short while. Nothing was searched; please wait a little and search again.',
    fa: 'در زمانی کوتاه بارها جست‌وجو کرده‌اید. جست‌وجویی انجام نشد؛ لطفاً کمی صبر کنید و دوباره جست‌وجو کنید.',
  },
  searchOneAtATime: {
    en: 'Your previous search is still being answered. Wait for it, then search again.',
    fa: 'جست‌وجوی قبلی شما هنوز در حال پاسخ است. منتظر آن بمانید و سپس دوباره جست‌وجو کنید.',
  },
  searchBusy: {
    en: 'Search is busy right now. Nothing was searched; please try again in a few seconds.',
    fa: 'جست‌وجو اکنون بیش از اندازه مشغول است. جست‌وجویی انجام نشد؛ لطفاً چند ثانیهٔ دیگر دوباره امتحان کنید.',
  },
  searchTooSlow: {
    en: 'This search took too long and was stopped. Try fewer or more specific words.',
    fa: 'این جست‌وجو بیش از حد طول کشید و متوقف شد. واژه‌های کمتر یا دقیق‌تری را امتحان کنید.',
  },
  videoLinkUnrecognised: {
    en: 'Enter a YouTube link (watch, youtu.be, shorts or embed).',
    fa: 'یک پیوند یوتیوب وارد کنید (watch، youtu.be، shorts یا embed).',
  },
  galleryMediaRequired: {
    en: 'Please upload an image or provide a video link.',
    fa: 'لطفاً یک تصویر بارگذاری کنید یا پیوند ویدیو وارد کنید.',
  },
  nameInEitherLanguage: { en: 'Give it a name in English or in Persian.', fa: 'نامی به فارسی یا انگلیسی بنویسید.' },
  titleInEitherLanguage: { en: 'Give the item a title in English or in Persian.', fa: 'برای این مطلب عنوانی به فارسی یا انگلیسی بنویسید.' },
  neededToPublishEn: { en: 'Needed to publish in English.', fa: 'برای انتشار به انگلیسی لازم است.' },
  neededToPublishFa: { en: 'Needed to publish in Persian.', fa: 'برای انتشار به فارسی لازم است.' },
  coverNeededToPublish: { en: 'A cover picture is needed to publish.', fa: 'برای انتشار، تصویر اصلی لازم است.' },
  legalMediaRequired: { en: 'Please upload an image or a video, or provide a video link.', fa: 'لطفاً تصویر یا ویدیو بارگذاری کنید یا پیوند ویدیو وارد کنید.' },
  passwordTooShort: { en: 'The password must be at least 10 characters long.', fa: 'گذرواژه باید دست‌کم ۱۰ نویسه باشد.' },
  invalidCredentials: { en: 'The e-mail address or password is incorrect.', fa: 'ایمیل یا گذرواژه نادرست است.' },
  signInAlone: { en: 'Send each sign-in in a request of its own.', fa: 'هر ورود را در درخواستی جداگانه بفرستید.' },
  currentPasswordRequired: {
    en: 'Enter your current password to change your e-mail address or password.',
    fa: 'برای تغییر ایمیل یا گذرواژه، گذرواژهٔ کنونی خود را وارد کنید.',
  },
  confirmWithPassword: {
    en: 'You signed in more than 15 minutes ago: enter your own password to confirm it is you.',
    fa: 'بیش از ۱۵ دقیقه از ورودتان گذشته است: برای اطمینان از این‌که خودتان هستید، گذرواژهٔ خود را وارد کنید.',
  },
  currentPasswordWrong: { en: 'The current password is incorrect.', fa: 'گذرواژهٔ کنونی نادرست است.' },
  badRequest: { en: 'The request could not be read.', fa: 'درخواست خوانا نبود.' },
  unauthenticated: { en: 'Unauthenticated.', fa: 'ابتدا وارد شوید.' },
  notForYourRole: { en: 'Your account’s role does not allow this.', fa: 'نقش حساب شما اجازهٔ این کار را نمی‌دهد.' },
  writersSaveDrafts: {
    en: 'Writers save drafts and send them for review; an editor publishes them.',
    fa: 'نویسندگان پیش‌نویس ذخیره می‌کنند و برای بازبینی می‌فرستند؛ ویراستار آن را منتشر می‌کند.',
  },
  writersOwnItems: { en: 'Writers edit only their own drafts.', fa: 'نویسندگان فقط پیش‌نویس‌های خودشان را ویرایش می‌کنند.' },
  csrfMismatch: { en: 'CSRF token mismatch.', fa: 'نشست فرم منقضی شده است؛ صفحه را دوباره بارگذاری کنید.' },
  notFound: { en: 'The item was not found.', fa: 'مورد پیدا نشد.' },
  newsNotFound: { en: 'News not found.', fa: 'خبر پیدا نشد.' },
  articleNotFound: { en: 'Article not found.', fa: 'مقاله پیدا نشد.' },
  reportNotFound: { en: 'Report not found.', fa: 'گزارش پیدا نشد.' },
  legalNotFound: { en: 'Legal awareness not found.', fa: 'مطلب آگاهی حقوقی پیدا نشد.' },
  storyNotFound: { en: 'Story not found.', fa: 'روایت پیدا نشد.' },
  sessionNotFound: { en: 'That session has already ended.', fa: 'آن نشست پیش‌تر پایان یافته است.' },
  secondStepCodeWrong: {
    en: 'That code is not right, or it was already used. Type the code your app shows now.',
    fa: 'این کد درست نیست یا پیش‌تر به کار رفته است. کدی را که برنامه‌تان اکنون نشان می‌دهد وارد کنید.',
  },
  secondStepExpired: {
    en: 'Your sign-in has expired. Sign in again with your password.',
    fa: 'زمان ورود شما به پایان رسیده است. دوباره با گذرواژه وارد شوید.',
  },
  secondStepCodeShape: {
    en: 'Type the six digits your app shows, or one of your recovery codes.',
    fa: 'شش رقمی را که برنامه‌تان نشان می‌دهد یا یکی از کدهای بازیابی‌تان را وارد کنید.',
  },
  secondFactorRequired: {
    en: 'This site asks every account for a second step at sign-in. Add a passkey or an authenticator app on your security page first.',
    fa: 'این سایت از همهٔ حساب‌ها مرحلهٔ دوم ورود را می‌خواهد. نخست در صفحهٔ امنیت حساب یک کلید عبور یا برنامهٔ احراز هویت بیفزایید.',
  },
  totpNotStarted: {
    en: 'Start setting up the authenticator app again: no key is waiting for a code.',
    fa: 'راه‌اندازی برنامهٔ احراز هویت را از نو آغاز کنید: کلیدی در انتظار کد نیست.',
  },
  totpAlreadyOn: {
    en: 'An authenticator app is already on for this account. Turn it off first to use another.',
    fa: 'برنامهٔ احراز هویت برای این حساب روشن است. برای برنامه‌ای دیگر، نخست آن را خاموش کنید.',
  },
  totpNotOn: { en: 'No authenticator app is on for this account.', fa: 'برنامهٔ احراز هویتی برای این حساب روشن نیست.' },
  resetOwnFactor: { en: 'Change your own second factors on your security page.', fa: 'عامل‌های دوم خودتان را در صفحهٔ امنیت حساب تغییر دهید.' },
  requireOwnFactorFirst: {
    en: 'Add a passkey or an authenticator app to your own account first; then you can require one of everyone.',
    fa: 'نخست به حساب خودتان یک کلید عبور یا برنامهٔ احراز هویت بیفزایید؛ سپس می‌توانید آن را از همه بخواهید.',
  },
  passkeyFailed: {
    en: 'The passkey could not be checked. Try again, or sign in with your password.',
    fa: 'کلید عبور بررسی نشد. دوباره امتحان کنید یا با گذرواژه وارد شوید.',
  },
  passkeyNotFound: { en: 'That passkey is no longer on this account.', fa: 'این کلید عبور دیگر در این حساب نیست.' },
  userNotFound: { en: 'User not found.', fa: 'کاربر پیدا نشد.' },
  emailTaken: { en: 'A user with this e-mail address already exists.', fa: 'کاربری با این ایمیل از قبل وجود دارد.' },
  cannotDemoteLastAdmin: {
    en: 'This is the last administrator: make another account an administrator first.',
    fa: 'این آخرین مدیر است: ابتدا حساب دیگری را مدیر کنید.',
  },
  cannotDeleteSelf: { en: 'You cannot delete your own account.', fa: 'نمی‌توانید حساب کاربری خودتان را حذف کنید.' },
  cannotDeleteLastAdmin: { en: 'The last administrator cannot be deleted.', fa: 'آخرین مدیر را نمی‌توان حذف کرد.' },
  uploadNotFound: {
    en: 'The uploaded file was not found or has expired. Please upload it again.',
    fa: 'فایل بارگذاری‌شده پیدا نشد یا منقضی شده است. لطفاً دوباره بارگذاری کنید.',
  },
  uploadMustBeImage: { en: 'This field accepts images only.', fa: 'این بخش فقط تصویر می‌پذیرد.' },
  libraryPictureNotFound: { en: 'This picture is not in the library.', fa: 'این تصویر در کتابخانه نیست.' },
  libraryPictureInUse: {
    en: 'This picture is still used by an item (or one of its earlier versions), so it stays in the library.',
    fa: 'این تصویر هنوز در یک مطلب (یا یکی از نسخه‌های پیشین آن) به کار رفته است، پس در کتابخانه می‌ماند.',
  },
  uploadMissingFile: { en: 'No file was received.', fa: 'هیچ فایلی دریافت نشد.' },
  uploadUnsupportedType: {
    en: 'This file type is not accepted. Use a JPEG, PNG, WebP, GIF or AVIF image, or an MP4, WebM or MOV video.',
    fa: 'این نوع فایل پذیرفته نمی‌شود. از تصویر JPEG، PNG، WebP، GIF یا AVIF یا ویدیوی MP4، WebM یا MOV استفاده کنید.',
  },
  uploadImageTooLarge: { en: 'The image is too large. The limit is {max} MB.', fa: 'تصویر بیش از حد بزرگ است. حداکثر {max} مگابایت.' },
  uploadVideoTooLarge: { en: 'The video is too large. The limit is {max} MB.', fa: 'ویدیو بیش از حد بزرگ است. حداکثر {max} مگابایت.' },
  uploadTooLarge: {
    en: 'The file is too large. Images may be up to {image} MB and videos up to {video} MB.',
    fa: 'فایل بیش از حد بزرگ است. حداکثر حجم تصویر {image} و ویدیو {video} مگابایت است.',
  },
  uploadUnreadableImage: {
    en: 'The image could not be read. It may be damaged or too large in pixels.',
    fa: 'تصویر خوانده نشد. ممکن است خراب یا از نظر ابعاد بیش از حد بزرگ باشد.',
  },
  uploadVideoNotAllowed: {
    en: 'Videos are only accepted for stories and legal-awareness items.',
    fa: 'ویدیو فقط برای روایت‌ها و مطالب آگاهی حقوقی پذیرفته می‌شود.',
  },
  uploadBusy: {
    en: 'The server is busy processing other uploads. Nothing was saved; please try again in a few minutes.',
    fa: 'سرور در حال پردازش بارگذاری‌های دیگر است. چیزی ذخیره نشد؛ لطفاً چند دقیقه دیگر دوباره امتحان کنید.',
  },
  uploadVideoTooMuchWork: {
    en: 'This video is too long, or too large in pixels for its file size, to be processed here. Nothing was saved; please send a shorter clip.',
    fa: 'این ویدیو برای پردازش در اینجا بیش از حد طولانی است یا نسبت به حجم فایلش ابعاد بسیار بزرگی دارد. چیزی ذخیره نشد؛ لطفاً ویدیوی کوتاه‌تری بفرستید.',
  },
  uploadTimedOut: {
    en: 'The file took too long to process and was not saved. Try a smaller or shorter file.',
    fa: 'پردازش فایل بیش از حد طول کشید و ذخیره نشد. فایلی کوچک‌تر یا کوتاه‌تر را امتحان کنید.',
  },
  uploadTooManyParts: { en: 'The form sent too many fields or files.', fa: 'فرم بیش از حد فیلد یا فایل داشت.' },
  // The original's words, then what double opt-in asks of the reader (decision 036).
  subscribed: {
    en: 'You have successfully subscribed! To start receiving the newsletter, open the link we sent to your inbox and confirm.',
    fa: 'اشتراک شما با موفقیت ثبت شد! برای دریافت خبرنامه، پیوندی را که به صندوق نامه‌تان فرستادیم باز کنید و اشتراک را تأیید کنید.',
  },
  mailNotConfigured: {
    en: 'Sending mail is not configured on this server (SMTP_URL). Nothing was sent.',
    fa: 'فرستادن ایمیل روی این سرور پیکربندی نشده است (SMTP_URL). چیزی فرستاده نشد.',
  },
  newsletterNotDraft: {
    en: 'This newsletter is already being sent or was sent; it can no longer be changed.',
    fa: 'این خبرنامه در حال فرستادن است یا فرستاده شده؛ دیگر نمی‌توان آن را تغییر داد.',
  },
  mailTestFailed: { en: 'The test mail was refused:', fa: 'نامهٔ آزمایشی پذیرفته نشد:' },
  newsletterNotSending: { en: 'This newsletter is not being sent.', fa: 'این خبرنامه در حال فرستادن نیست.' },
  newsletterNotPaused: { en: 'This newsletter is not paused.', fa: 'این خبرنامه متوقف نشده است.' },
  newsletterNeedsLanguage: {
    en: 'Write a subject and a body in at least one language before sending.',
    fa: 'پیش از فرستادن، دست‌کم در یک زبان موضوع و متن بنویسید.',
  },
  newsletterSubjectAndBody: {
    en: 'A language with a subject needs a body too, and a body needs a subject.',
    fa: 'زبانی که موضوع دارد متن هم لازم دارد، و متن هم موضوع.',
  },
  newsletterNoPictures: {
    en: 'Newsletter bodies take no pictures of their own: list published items, whose pictures the mail shows.',
    fa: 'متن خبرنامه تصویر جداگانه نمی‌پذیرد: مطالب منتشرشده را فهرست کنید تا تصویرهایشان در نامه بیاید.',
  },
  newsletterItemNotPublished: { en: 'Only published items can be listed.', fa: 'فقط مطالب منتشرشده را می‌توان فهرست کرد.' },
  deleted: { en: 'Deleted successfully.', fa: 'با موفقیت حذف شد.' },
  invalidInput: { en: 'Please correct the highlighted fields.', fa: 'لطفاً بخش‌های مشخص‌شده را اصلاح کنید.' },
  tooManyRequests: { en: 'Too many attempts. Please wait a little and try again.', fa: 'تلاش‌ها بیش از حد بود. لطفاً کمی صبر کنید و دوباره امتحان کنید.' },
  slowDownTitle: { en: 'Please wait a moment', fa: 'لطفاً لحظه‌ای صبر کنید' },
  slowDown: {
    en: 'You are asking for pages faster than the site can prepare them. Please wait a few seconds, then try again.',
    fa: 'درخواست‌های شما سریع‌تر از آن است که سایت بتواند صفحه‌ها را آماده کند. لطفاً چند ثانیه صبر کنید و سپس دوباره امتحان کنید.',
  },
  setupInvalidToken: {
    en: 'This setup link is not valid. Use the link printed by the server at start.',
    fa: 'این پیوند راه‌اندازی معتبر نیست. از پیوندی استفاده کنید که سرور هنگام شروع چاپ کرده است.',
  },
  setupDone: { en: 'The site already has an administrator.', fa: 'این سایت از قبل مدیر دارد.' },
  serverError: { en: 'Something went wrong.', fa: 'مشکلی پیش آمد.' },
  pageFailed: {
    en: 'Something went wrong on our side and this page could not be shown. Nothing you did caused it; please try again in a moment.',
    fa: 'مشکلی در سمت ما پیش آمد و این صفحه نمایش داده نشد. کاری که شما کردید سبب آن نبود؛ لطفاً چند لحظه دیگر دوباره امتحان کنید.',
  },
  addressUnreadable: {
    en: 'This address could not be read. Check it, or start again from the home page.',
    fa: 'این نشانی خوانا نیست. آن را بررسی کنید یا از صفحهٔ نخست دوباره شروع کنید.',
  },
  tryAgain: { en: 'Try again', fa: 'دوباره امتحان کنید' },
  homePage: { en: 'Home page', fa: 'صفحهٔ نخست' },
  batchTooLarge: {
    en: 'This request asks for too much at once. Send fewer calls, or smaller pages, per request.',
    fa: 'این درخواست چیزهای زیادی را با هم می‌خواهد. در هر درخواست فراخوانی‌های کمتر یا صفحه‌های کوچک‌تری بفرستید.',
  },
  crossSiteRefused: {
    en: 'This form was sent from another website, so it was refused and nothing was stored. To write to us, open this site yourself and use its form.',
    fa: 'این فرم از وب‌سایت دیگری فرستاده شده بود، پس پذیرفته نشد و چیزی ذخیره نشد. برای نوشتن به ما، خودتان این سایت را باز کنید و از فرم آن استفاده کنید.',
  },
  formUnconfirmed: {
    en: 'We could not confirm that this form was sent from this site, so nothing was stored yet. Check what you wrote and press the button again.',
    fa: 'نتوانستیم مطمئن شویم که این فرم از همین سایت فرستاده شده است، پس هنوز چیزی ذخیره نشد. نوشته‌تان را بررسی کنید و دوباره دکمه را بزنید.',
  },
  altRequired: {
    en: 'Describe the picture for readers who cannot see it (alt text).',
    fa: 'تصویر را برای خوانندگانی که آن را نمی‌بینند توصیف کنید (متن جایگزین).',
  },
  bodyTooLong: { en: 'The text is too long. Shorten it or split it into two items.', fa: 'متن بیش از حد بلند است. آن را کوتاه کنید یا در دو مطلب بنویسید.' },
  bodyTooDeep: { en: 'Lists are nested too deeply. Use at most four levels.', fa: 'فهرست‌ها بیش از حد تودرتو هستند. حداکثر چهار سطح مجاز است.' },
  invalidDate: { en: 'Enter a valid date and time.', fa: 'تاریخ و زمان معتبری وارد کنید.' },
  publishAtRequired: { en: 'Choose when the item should be published.', fa: 'زمان انتشار را انتخاب کنید.' },
  revisionNotFound: { en: 'Revision not found.', fa: 'نسخه پیدا نشد.' },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof messages;

function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(messages, value);
}

/** Numbers filled into a Persian sentence are written in Persian digits, like the sentence's own. */
export function message(language: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  let text: string = messages[key][language];
  for (const [name, value] of Object.entries(params)) text = text.replace(`{${name}}`, typeof value === 'number' ? localDigits(value, language) : value);
  return text;
}

const persianDigits = '۰۱۲۳۴۵۶۷۸۹';
export function localDigits(value: number, language: Language): string {
  const text = String(value);
  return language === 'fa' ? text.replace(/\d/g, (d) => persianDigits[Number(d)] ?? d) : text;
}

/** The part of a zod issue needed to explain it to a person. */
interface IssueLike {
  code: string;
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
}

/** Turns a zod issue into a sentence in the reader's language. */
export function localizeIssue(issue: IssueLike, language: Language): string {
  if (isMessageKey(issue.message)) return message(language, issue.message);
  switch (issue.code) {
    case 'invalid_type':
      return message(language, 'required');
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return message(language, 'required');
      if (issue.origin === 'string')
        return language === 'fa' ? `دست‌کم ${localDigits(Number(issue.minimum), language)} نویسه وارد کنید.` : `Enter at least ${issue.minimum} characters.`;
      return language === 'fa' ? `مقدار باید دست‌کم ${localDigits(Number(issue.minimum), language)} باشد.` : `Must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string')
        return language === 'fa' ? `حداکثر ${localDigits(Number(issue.maximum), language)} نویسه مجاز است.` : `Use at most ${issue.maximum} characters.`;
      if (issue.origin === 'array')
        return language === 'fa' ? `حداکثر ${localDigits(Number(issue.maximum), language)} مورد مجاز است.` : `At most ${issue.maximum} items are allowed.`;
      return language === 'fa' ? `مقدار باید حداکثر ${localDigits(Number(issue.maximum), language)} باشد.` : `Must be at most ${issue.maximum}.`;
    case 'invalid_format':
      if (issue.format === 'email') return message(language, 'invalidEmail');
      if (issue.format === 'url') return message(language, 'invalidUrl');
      return message(language, 'invalidValue');
    case 'invalid_value':
      return message(language, 'invalidChoice');
    default:
      return message(language, 'invalidValue');
  }
}

/** Groups localized issues by their top-level field, as forms show them (a bullet list per field). */
export function fieldErrorsOf(issues: readonly (IssueLike & { path: readonly PropertyKey[] })[], language: Language): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'form';
    const text = localizeIssue(issue, language);
    const list = (errors[field] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return errors;
}
