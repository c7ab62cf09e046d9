/**
 * Bilingual demo content for `npm run db:seed-demo`: general, sample texts on the site's themes,
 * so a newcomer sees a living site. Not reporting: no names, numbers or dated claims.
 */
import type { Category, Country } from '../../shared/schemas/content.ts';

export interface DemoPost {
  titleEn: string;
  titleFa: string;
  descriptionEn: string;
  descriptionFa: string;
  category?: Category;
  country?: Country;
  videoLink?: string;
}

export const demoNews: DemoPost[] = [
  {
    titleEn: 'Girls in Afghanistan mark another school year without classrooms',
    titleFa: 'دختران افغانستان سال تحصیلی دیگری را بدون کلاس درس آغاز کردند',
    descriptionEn:
      'As a new school year begins, secondary schools remain closed to girls across Afghanistan. Families describe daughters who study at home from borrowed books and teachers who run quiet lessons in living rooms.\n\nEducation advocates say the cost is counted not only in lost lessons but in lost confidence, and call for schools to reopen to every girl.',
    descriptionFa:
      'با آغاز سال تحصیلی جدید، مدارس متوسطه همچنان به روی دختران در سراسر افغانستان بسته است. خانواده‌ها از دخترانی می‌گویند که با کتاب‌های امانتی در خانه درس می‌خوانند و از معلمانی که در اتاق‌های نشیمن کلاس‌های بی‌صدا برگزار می‌کنند.\n\nفعالان آموزش می‌گویند هزینهٔ این وضعیت فقط درس‌های ازدست‌رفته نیست، بلکه اعتمادبه‌نفسی است که از دست می‌رود؛ آن‌ها خواستار بازگشایی مدارس برای همهٔ دختران هستند.',
    category: 'top',
    country: 'afghanistan',
  },
  {
    titleEn: 'Women in Iran describe daily pressure over dress-code enforcement',
    titleFa: 'زنان در ایران از فشار روزمرهٔ اجرای قوانین پوشش می‌گویند',
    descriptionEn:
      'Women interviewed for this piece describe warnings by text message, confiscated cars and refused services. Many say they continue to make their own choices despite the risks.\n\nLawyers note that several of these measures rest on administrative orders rather than on any law passed by parliament.',
    descriptionFa:
      'زنانی که با آن‌ها گفت‌وگو کرده‌ایم از پیامک‌های هشدار، توقیف خودرو و محرومیت از خدمات می‌گویند. بسیاری می‌گویند با وجود خطرها همچنان خودشان انتخاب می‌کنند.\n\nحقوق‌دانان یادآوری می‌کنند که بسیاری از این اقدام‌ها بر دستورهای اداری تکیه دارد، نه بر قانونی که مجلس تصویب کرده باشد.',
    category: 'top',
    country: 'iran',
  },
  {
    titleEn: 'Women-run bakeries keep a neighbourhood fed',
    titleFa: 'نانوایی‌هایی که زنان اداره می‌کنند، محله را سیر نگه می‌دارند',
    descriptionEn:
      'In a city neighbourhood, a small group of widows runs two bakeries that employ only women. The work brings an income and, they say, a reason to leave the house each morning.',
    descriptionFa:
      'در یکی از محله‌های شهر، گروهی کوچک از زنان سرپرست خانوار دو نانوایی را اداره می‌کنند که فقط زنان در آن کار می‌کنند. به گفتهٔ آن‌ها، این کار هم درآمد می‌آورد و هم دلیلی برای بیرون رفتن از خانه در هر صبح است.',
    category: 'business',
    country: 'afghanistan',
  },
  {
    titleEn: 'Midwives warn of gaps in maternal care in remote provinces',
    titleFa: 'ماماها دربارهٔ کمبود مراقبت از مادران در ولایت‌های دورافتاده هشدار می‌دهند',
    descriptionEn:
      'Midwives working in remote districts say that travel restrictions and a shortage of female staff leave many women without care during pregnancy and birth.',
    descriptionFa:
      'ماماهایی که در ولسوالی‌های دورافتاده کار می‌کنند می‌گویند محدودیت‌های رفت‌وآمد و کمبود کارکنان زن، بسیاری از زنان را در دوران بارداری و زایمان بی‌مراقبت می‌گذارد.',
    category: 'health',
    country: 'afghanistan',
  },
  {
    titleEn: 'Student activists face disciplinary hearings after campus protest',
    titleFa: 'دانشجویان فعال پس از تجمع در دانشگاه به کمیتهٔ انضباطی احضار شدند',
    descriptionEn:
      'Several students say they were summoned to disciplinary committees after a peaceful gathering on campus. Their families fear suspensions that could end their studies.',
    descriptionFa:
      'چند دانشجو می‌گویند پس از یک تجمع مسالمت‌آمیز در دانشگاه به کمیته‌های انضباطی احضار شده‌اند. خانواده‌هایشان از تعلیق‌هایی می‌ترسند که می‌تواند به تحصیل آن‌ها پایان دهد.',
    category: 'political',
    country: 'iran',
  },
  {
    titleEn: 'An underground art class keeps painting alive',
    titleFa: 'کلاس نقاشی زیرزمینی، هنر را زنده نگه می‌دارد',
    descriptionEn:
      'Once a week, a handful of young women meet in a basement to paint. Their teacher says the class is less about technique than about having a place to be heard.',
    descriptionFa:
      'هفته‌ای یک بار، چند زن جوان در یک زیرزمین دور هم جمع می‌شوند تا نقاشی کنند. معلمشان می‌گوید این کلاس بیش از آنکه دربارهٔ فن باشد، دربارهٔ داشتن جایی برای شنیده شدن است.',
    category: 'culture-arts',
    country: 'afghanistan',
  },
  {
    titleEn: 'Women footballers train in secret, hoping to play again in public',
    titleFa: 'زنان فوتبالیست پنهانی تمرین می‌کنند، به امید بازی دوباره در میدان',
    descriptionEn:
      'Members of a former women’s team still meet to train in private courtyards. They keep their kits, they say, for the day they can wear them openly again.',
    descriptionFa:
      'اعضای یک تیم سابق زنان هنوز در حیاط‌های خصوصی برای تمرین جمع می‌شوند. می‌گویند لباس‌هایشان را برای روزی نگه داشته‌اند که دوباره بتوانند آشکارا بپوشند.',
    category: 'sports',
    country: 'afghanistan',
  },
  {
    titleEn: 'Online classes reach girls shut out of school',
    titleFa: 'کلاس‌های آنلاین به دخترانی می‌رسد که از مدرسه بازمانده‌اند',
    descriptionEn:
      'Volunteer teachers abroad run online lessons for girls who can no longer attend school. Slow and filtered connections remain the biggest obstacle.',
    descriptionFa:
      'معلمان داوطلب در خارج از کشور برای دخترانی که دیگر نمی‌توانند به مدرسه بروند کلاس آنلاین برگزار می‌کنند. اینترنت کند و فیلترشده همچنان بزرگ‌ترین مانع است.',
    category: 'education',
    country: 'afghanistan',
  },
  {
    titleEn: 'Families of detained activists call for fair trials',
    titleFa: 'خانواده‌های فعالان بازداشت‌شده خواستار دادرسی عادلانه شدند',
    descriptionEn:
      'Relatives of women held for their activism say they have had little access to lawyers. They ask for open hearings and for their loved ones to see independent counsel.',
    descriptionFa:
      'بستگان زنانی که به دلیل فعالیت‌هایشان بازداشت شده‌اند می‌گویند دسترسی بسیار کمی به وکیل داشته‌اند. آن‌ها خواستار جلسه‌های علنی و دسترسی عزیزانشان به وکیل مستقل هستند.',
    category: 'top',
    country: 'iran',
  },
  {
    titleEn: 'Nurses speak about working under new workplace rules',
    titleFa: 'پرستاران از کار زیر قواعد تازهٔ محیط کار می‌گویند',
    descriptionEn: 'Nurses describe stricter rules on dress and movement at hospitals and clinics, and the toll of long shifts on top of them.',
    descriptionFa: 'پرستاران از قواعد سخت‌گیرانه‌تر دربارهٔ پوشش و رفت‌وآمد در بیمارستان‌ها و درمانگاه‌ها و از فشار شیفت‌های طولانی در کنار آن می‌گویند.',
    category: 'health',
    country: 'iran',
  },
  {
    titleEn: 'A women’s cooperative sells saffron abroad',
    titleFa: 'یک تعاونی زنان زعفران را به خارج از کشور می‌فروشد',
    descriptionEn:
      'A cooperative of women farmers has found buyers abroad for its saffron. Members say the income lets them pay for their children’s schooling.',
    descriptionFa:
      'تعاونی‌ای از زنان کشاورز برای زعفران خود خریدارانی در خارج از کشور پیدا کرده است. اعضا می‌گویند این درآمد هزینهٔ تحصیل فرزندانشان را تأمین می‌کند.',
    category: 'business',
    country: 'afghanistan',
  },
  {
    titleEn: 'Writers gather to read banned poems aloud',
    titleFa: 'نویسندگان برای بلندخوانی شعرهای ممنوعه گرد هم آمدند',
    descriptionEn: 'In a private home, women writers read aloud poems that cannot be published. The evening ends, as it often does, with a song.',
    descriptionFa: 'در خانه‌ای خصوصی، زنان نویسنده شعرهایی را بلند خواندند که اجازهٔ انتشار ندارند. شب، مثل بیشتر وقت‌ها، با یک آواز به پایان رسید.',
    category: 'culture-arts',
    country: 'iran',
  },
  {
    titleEn: 'Rights groups urge protection for women human-rights defenders',
    titleFa: 'نهادهای حقوق بشری خواستار حمایت از زنان مدافع حقوق بشر شدند',
    descriptionEn:
      'A coalition of organisations calls on governments to offer visas and safe routes to women defenders who face threats because of their work.',
    descriptionFa: 'ائتلافی از سازمان‌ها از دولت‌ها می‌خواهد به زنان مدافع حقوق بشر که به دلیل کارشان تهدید می‌شوند، روادید و راه‌های امن بدهند.',
    category: 'latest',
  },
];

export const demoArticles: DemoPost[] = [
  {
    titleEn: 'Why education is the first right to defend',
    titleFa: 'چرا آموزش نخستین حقی است که باید از آن دفاع کرد',
    descriptionEn:
      'Every other right is easier to claim for a woman who can read a contract, a court order or a news report. This essay looks at what is lost when a generation of girls is kept from school.\n\nIt also looks at what communities have done to keep learning alive, from home schools to radio lessons.',
    descriptionFa:
      'زنی که بتواند قرارداد، حکم دادگاه یا یک گزارش خبری را بخواند، هر حق دیگری را آسان‌تر مطالبه می‌کند. این نوشته به آنچه از دست می‌رود، وقتی نسلی از دختران از مدرسه بازمی‌مانند، می‌پردازد.\n\nهمچنین به کارهایی نگاه می‌کند که جامعه‌ها برای زنده نگه داشتن آموزش انجام داده‌اند، از مدرسه‌های خانگی تا درس‌های رادیویی.',
    country: 'afghanistan',
  },
  {
    titleEn: 'Reading the law: what the civil code says about divorce',
    titleFa: 'خواندن قانون: قانون مدنی دربارهٔ طلاق چه می‌گوید',
    descriptionEn:
      'A plain-language guide to the conditions under which a woman can ask a court for divorce, and the clauses she can add to a marriage contract beforehand.',
    descriptionFa: 'راهنمایی به زبان ساده دربارهٔ شرایطی که زن می‌تواند از دادگاه درخواست طلاق کند و شروطی که می‌تواند پیش از آن به عقدنامه بیفزاید.',
    country: 'iran',
  },
  {
    titleEn: 'Staying safe online: a short guide for activists',
    titleFa: 'امنیت در فضای آنلاین: راهنمای کوتاه برای فعالان',
    descriptionEn:
      'Simple steps that make a difference: strong and separate passwords, two-step verification, and removing location data from photos before sharing them.',
    descriptionFa: 'گام‌هایی ساده که تفاوت ایجاد می‌کنند: گذرواژه‌های قوی و جداگانه، تأیید دومرحله‌ای و پاک کردن اطلاعات مکان از عکس‌ها پیش از هم‌رسانی.',
  },
  {
    titleEn: 'The quiet economy of women’s work',
    titleFa: 'اقتصاد بی‌صدای کار زنان',
    descriptionEn:
      'Tailoring, baking, teaching, caring: much of women’s work is unpaid or uncounted. This article looks at how it holds families together in hard times.',
    descriptionFa:
      'خیاطی، نانوایی، آموزش، مراقبت: بخش بزرگی از کار زنان بی‌مزد است یا دیده نمی‌شود. این مقاله نشان می‌دهد این کار چگونه خانواده‌ها را در روزهای سخت کنار هم نگه می‌دارد.',
  },
  {
    titleEn: 'Mothers, daughters and the memory of protest',
    titleFa: 'مادران، دختران و خاطرهٔ اعتراض',
    descriptionEn: 'Two generations of women talk about what protest meant to them, and what they hope the next generation will not have to fight for.',
    descriptionFa: 'دو نسل از زنان از معنای اعتراض برای خودشان می‌گویند و از آنچه امیدوارند نسل بعد دیگر برایش نجنگد.',
    country: 'iran',
  },
  {
    titleEn: 'How to document a rights violation safely',
    titleFa: 'چگونه نقض حقوق را به‌صورت امن مستند کنیم',
    descriptionEn: 'What to write down, what to photograph, and what never to keep on your phone: practical advice from researchers who document abuses.',
    descriptionFa:
      'چه چیزی را یادداشت کنیم، از چه چیزی عکس بگیریم و چه چیزی را هرگز روی تلفن نگه نداریم: توصیه‌های عملی پژوهشگرانی که موارد نقض حقوق را مستند می‌کنند.',
  },
];

export const demoReports: DemoPost[] = [
  {
    titleEn: 'Report: barriers to women’s access to health care',
    titleFa: 'گزارش: موانع دسترسی زنان به خدمات درمانی',
    descriptionEn:
      'Based on interviews with patients and health workers, this report describes how rules on travel and on male guardians limit women’s access to clinics.',
    descriptionFa:
      'این گزارش بر پایهٔ گفت‌وگو با بیماران و کارکنان درمانی نشان می‌دهد قواعد مربوط به سفر و همراه مرد چگونه دسترسی زنان به درمانگاه‌ها را محدود می‌کند.',
    country: 'afghanistan',
  },
  {
    titleEn: 'Report: women in prison and their right to a lawyer',
    titleFa: 'گزارش: زنان زندانی و حق دسترسی به وکیل',
    descriptionEn:
      'Accounts from former detainees on interrogation without counsel, and recommendations for guaranteeing access to a lawyer from the first hour of arrest.',
    descriptionFa: 'روایت‌هایی از بازداشت‌شدگان پیشین دربارهٔ بازجویی بدون وکیل و پیشنهادهایی برای تضمین دسترسی به وکیل از نخستین ساعت بازداشت.',
    country: 'iran',
  },
  {
    titleEn: 'Report: the economic cost of excluding women from work',
    titleFa: 'گزارش: هزینهٔ اقتصادی کنار گذاشتن زنان از کار',
    descriptionEn: 'This report gathers what is known about women’s lost jobs and incomes, and what it means for households that depended on them.',
    descriptionFa:
      'این گزارش آنچه را دربارهٔ شغل‌ها و درآمدهای ازدست‌رفتهٔ زنان می‌دانیم گرد آورده و پیامد آن را برای خانوارهایی که به آن وابسته بودند بررسی می‌کند.',
    country: 'afghanistan',
  },
  {
    titleEn: 'Report: child marriage and the law',
    titleFa: 'گزارش: کودک‌همسری و قانون',
    descriptionEn: 'A review of the legal age of marriage, the exceptions courts allow, and the experiences of girls married before eighteen.',
    descriptionFa: 'مروری بر سن قانونی ازدواج، استثناهایی که دادگاه‌ها می‌پذیرند و تجربهٔ دخترانی که پیش از هجده‌سالگی ازدواج کرده‌اند.',
    country: 'iran',
  },
  {
    titleEn: 'Report: online harassment of women journalists',
    titleFa: 'گزارش: آزار آنلاین زنان روزنامه‌نگار',
    descriptionEn:
      'Women journalists describe coordinated abuse on social media and its effect on their work. The report ends with advice on documenting and reporting it.',
    descriptionFa:
      'زنان روزنامه‌نگار از آزارهای سازمان‌یافته در شبکه‌های اجتماعی و اثر آن بر کارشان می‌گویند. گزارش با توصیه‌هایی برای مستندسازی و گزارش دادن آن پایان می‌یابد.',
  },
  {
    titleEn: 'Report: displaced women and the search for safety',
    titleFa: 'گزارش: زنان آواره و جست‌وجوی امنیت',
    descriptionEn: 'Women who left their homes describe the journey, the waiting, and the paperwork, and what would make the road to safety shorter.',
    descriptionFa: 'زنانی که خانه‌هایشان را ترک کرده‌اند از سفر، انتظار و کاغذبازی می‌گویند و از آنچه راه رسیدن به امنیت را کوتاه‌تر می‌کند.',
    country: 'afghanistan',
  },
];

/** Named in both languages: a gallery item appears only in the languages it has a name in. */
export const demoGallery: { name: string; nameFa: string; videoLink?: string }[] = [
  { name: 'Notebooks kept at home', nameFa: 'دفترهایی که در خانه ماندند' },
  { name: 'A bakery at dawn', nameFa: 'نانوایی در سپیده‌دم' },
  { name: 'Saffron harvest', nameFa: 'برداشت زعفران' },
  { name: 'Paint and paper', nameFa: 'رنگ و کاغذ' },
  { name: 'Courtyard training', nameFa: 'تمرین در حیاط' },
  { name: 'Women’s voices (video)', nameFa: 'صدای زنان (ویدیو)', videoLink: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' },
];

export const demoLegal: DemoPost[] = [
  {
    titleEn: 'Your rights when you are arrested',
    titleFa: 'حقوق شما هنگام بازداشت',
    descriptionEn:
      'You have the right to know why you are being arrested, to remain silent, and to ask for a lawyer. Write down the names or descriptions of the officers if you can, and tell a trusted person where you are.',
    descriptionFa:
      'شما حق دارید بدانید به چه دلیل بازداشت می‌شوید، حق سکوت دارید و می‌توانید وکیل بخواهید. اگر می‌توانید نام یا مشخصات مأموران را یادداشت کنید و به فردی مورد اعتماد بگویید کجا هستید.',
  },
  {
    titleEn: 'Conditions you can add to a marriage contract',
    titleFa: 'شروطی که می‌توانید به عقدنامه اضافه کنید',
    descriptionEn:
      'A marriage contract can include conditions such as the right to work, to study, to choose where to live, and the right to divorce. Ask for them before signing.',
    descriptionFa: 'عقدنامه می‌تواند شروطی مانند حق کار، حق تحصیل، حق انتخاب محل زندگی و حق طلاق را در بر بگیرد. پیش از امضا آن‌ها را درخواست کنید.',
  },
  {
    titleEn: 'Custody of children after divorce',
    titleFa: 'حضانت فرزندان پس از طلاق',
    descriptionEn:
      'Custody rules depend on the child’s age and the court’s view of the child’s interest. A lawyer can help you present evidence of the care you give.',
    descriptionFa: 'قواعد حضانت به سن کودک و تشخیص دادگاه از مصلحت او بستگی دارد. وکیل می‌تواند به شما کمک کند شواهد مراقبتی را که از کودک می‌کنید ارائه دهید.',
  },
  {
    titleEn: 'Reporting domestic violence',
    titleFa: 'گزارش خشونت خانگی',
    descriptionEn:
      'Keep a record of dates, injuries and witnesses. A medical certificate from a forensic doctor is strong evidence. Support organisations can accompany you.',
    descriptionFa: 'تاریخ‌ها، آسیب‌ها و شاهدان را ثبت کنید. گواهی پزشکی قانونی مدرک محکمی است. سازمان‌های حمایتی می‌توانند همراهتان باشند.',
  },
  {
    titleEn: 'Inheritance: what women are entitled to',
    titleFa: 'ارث: سهم زنان چیست',
    descriptionEn:
      'Shares of inheritance for wives, daughters and mothers are set by law. Make sure the estate is registered and ask for a copy of the certificate of inheritance.',
    descriptionFa: 'سهم ارث همسر، دختر و مادر را قانون تعیین کرده است. مطمئن شوید ماترک ثبت شده و رونوشت گواهی انحصار وراثت را درخواست کنید.',
  },
  {
    titleEn: 'Asylum: first steps and where to ask for help',
    titleFa: 'پناهندگی: نخستین گام‌ها و کجا کمک بخواهیم',
    descriptionEn:
      'Keep copies of your identity documents in a safe place, write down what happened to you while you remember it, and contact a legal aid organisation early.',
    descriptionFa: 'رونوشت مدارک هویتی خود را در جای امن نگه دارید، آنچه را بر شما گذشته تا به یاد دارید بنویسید و زود با یک سازمان کمک حقوقی تماس بگیرید.',
    videoLink: 'https://youtu.be/aqz-KE-bpKQ',
  },
];

export const demoStories: { title: string; description: string; published: boolean }[] = [
  {
    title: 'دفترهایی که پنهان نگه داشتم',
    description: 'وقتی مدرسه بسته شد، دفترهایم را زیر تشک پنهان کردم. هر شب یک صفحه می‌خوانم تا فراموش نکنم. امیدوارم روزی دوباره به کلاس برگردم.',
    published: true,
  },
  {
    title: 'My mother’s sewing machine',
    description:
      'My mother taught me to sew when I could no longer go to university. Now we take orders together, and every dress we finish feels like a small victory.',
    published: true,
  },
  { title: 'یک روز عادی', description: 'هر روز صبح که از خانه بیرون می‌روم، نمی‌دانم چه چیزی در انتظارم است. اما بیرون می‌روم.', published: false },
];
