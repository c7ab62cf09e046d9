import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { publicationStatuses } from '../../shared/schemas/editorial.ts';
import { roles } from '../../shared/schemas/users.ts';
import { contentKindIds } from '../../shared/content-kinds.ts';

/**
 * Rows written in a language: the condition of the public lists (the list reads use it, and routers/
 * list-pages-sql.ts writes it the same way: that is what lets both engines use the partial indexes made with it).
 */
export const writtenIn = (title: AnySQLiteColumn) => sql`${title} <> ''`;

const timestamps = {
  createdAt: integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`)
    .$onUpdate(() => new Date()),
};

/**
 * Columns every editorial item has: status, schedule, bodies per language, the cover picture's
 * words. Only `published` items reach visitors (src/server/publication/visibility.ts); a
 * `scheduled` one turns `published` at its publish_at by itself (docs/decisions/016).
 */
const editorial = (cover: 'image' | 'media') => ({
  status: text('status', { enum: publicationStatuses }).notNull().default('published'),
  publishAt: integer('publish_at', { mode: 'timestamp_ms' }),
  /** The body document as JSON (src/shared/rich-text/schema.ts); null for items written as plain text, whose description is their body. */
  bodyEn: text('body_en'),
  bodyFa: text('body_fa'),
  coverAltEn: text(`${cover}_alt_en`),
  coverAltFa: text(`${cover}_alt_fa`),
  coverCaptionEn: text(`${cover}_caption_en`),
  coverCaptionFa: text(`${cover}_caption_fa`),
  /** The credit shown on English pages; `coverCreditFa` on Persian ones (a name may be written differently). */
  coverCredit: text(`${cover}_credit`),
  coverCreditFa: text(`${cover}_credit_fa`),
  /** The readable part of the item's address per language (`/news/123-<slug>`); null: made from the title. */
  slugEn: text('slug_en'),
  slugFa: text('slug_fa'),
  /** What search engines and share cards show per language; null: the body's start. */
  summaryEn: text('summary_en'),
  summaryFa: text('summary_fa'),
  /**
   * The account that created the item: a writer edits only her own drafts. No foreign key (adding
   * one would rebuild the table on SQLite); deleting an account clears it (routers/users.ts).
   */
  createdBy: integer('created_by'),
  /** When a writer sent the draft for review; cleared when it is published or sent back. */
  reviewRequestedAt: integer('review_requested_at', { mode: 'timestamp_ms' }),
  /**
   * Whose name readers see: 'author', the public name its author chose for that language (none
   * chosen: no personal byline), or 'newsroom', the site's name only.
   */
  byline: text('byline', { enum: ['author', 'newsroom'] })
    .notNull()
    .default('author'),
});

/** News, articles and reports share one shape, so one table with a kind column (docs/decisions/002). */
export const posts = sqliteTable(
  'posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: contentKindIds }).notNull(),
    titleEn: text('title_en').notNull(),
    titleFa: text('title_fa').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionFa: text('description_fa').notNull(),
    image: text('image').notNull(),
    category: text('category'),
    country: text('country'),
    ...editorial('image'),
    ...timestamps,
  },
  (table) => [
    // Public lists read published items only: the status follows the kind in every list index.
    index('posts_kind_status_created_idx').on(table.kind, table.status, table.createdAt, table.id),
    index('posts_kind_status_category_created_idx').on(table.kind, table.status, table.category, table.createdAt, table.id),
    index('posts_kind_status_country_created_idx').on(table.kind, table.status, table.country, table.createdAt, table.id),
    // Lists filtered by both (a country page's category): without it SQLite reads every row of the country.
    index('posts_kind_status_category_country_created_idx').on(table.kind, table.status, table.category, table.country, table.createdAt, table.id),
    index('posts_scheduled_idx').on(table.status, table.publishAt),
    // An editors' list of one author's items.
    index('posts_author_created_idx').on(table.createdBy, table.kind, table.createdAt, table.id),
    // A public list holds only the items written in the reader's language (decision 034). Without an
    // index of those alone, counting a list and stepping to a deep page read every row of the kind.
    ...(['en', 'fa'] as const).flatMap((language) => {
      const title = language === 'fa' ? table.titleFa : table.titleEn;
      return [
        index(`posts_written_${language}_idx`).on(table.kind, table.status, table.createdAt, table.id).where(writtenIn(title)),
        index(`posts_written_${language}_category_idx`).on(table.kind, table.status, table.category, table.createdAt, table.id).where(writtenIn(title)),
        index(`posts_written_${language}_country_idx`).on(table.kind, table.status, table.country, table.createdAt, table.id).where(writtenIn(title)),
        index(`posts_written_${language}_category_country_idx`)
          .on(table.kind, table.status, table.category, table.country, table.createdAt, table.id)
          .where(writtenIn(title)),
      ];
    }),
  ],
);

export const postMedia = sqliteTable(
  'post_media',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    link: text('link'),
    titleEn: text('title_en'),
    titleFa: text('title_fa'),
    descriptionEn: text('description_en'),
    descriptionFa: text('description_fa'),
  },
  (table) => [uniqueIndex('post_media_post_position_idx').on(table.postId, table.position)],
);

export const galleryItems = sqliteTable(
  'gallery_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /** The Persian name; null for items named before names were kept per language (readers then see `name`). */
    nameFa: text('name_fa'),
    /** The picture's description for readers who cannot see it, and its caption, per language. */
    altEn: text('alt_en'),
    altFa: text('alt_fa'),
    captionEn: text('caption_en'),
    captionFa: text('caption_fa'),
    image: text('image'),
    videoLink: text('video_link'),
    ...timestamps,
  },
  (table) => [
    index('gallery_created_idx').on(table.createdAt, table.id),
    index('gallery_written_en_idx').on(table.createdAt, table.id).where(writtenIn(table.name)),
    index('gallery_written_fa_idx').on(table.createdAt, table.id).where(writtenIn(table.nameFa)),
  ],
);

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    image: text('image'),
    status: text('status', { enum: ['pending', 'read', 'archived'] })
      .notNull()
      .default('pending'),
    ...timestamps,
  },
  (table) => [index('contact_status_created_idx').on(table.status, table.createdAt, table.id)],
);

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /** Stored lower-cased, so the unique index makes e-mail addresses unique regardless of case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: roles }).notNull().default('admin'),
    /**
     * The name readers see under what she wrote, per language: a pen name if she wishes, never her
     * account name unless she types it. None: her items carry no personal byline in that language.
     */
    publicNameEn: text('public_name_en'),
    publicNameFa: text('public_name_fa'),
    /** The authenticator app's key (base64url of 20 bytes) once confirmed; never sent to any browser after enrolment. */
    totpSecret: text('totp_secret'),
    /** A key shown for enrolment and not yet confirmed with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last 30-second step whose code signed in: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    /** 1 while the account has a second factor (an app or a passkey): kept with them, read with every session. */
    hasSecondFactor: integer('has_second_factor').notNull().default(0),
    /** Second-step guesses failed in a row, counted before each check (auth/second-step-throttle.ts). */
    secondStepFailures: integer('second_step_failures').notNull().default(0),
    secondStepFailedAt: integer('second_step_failed_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_idx').on(table.email), index('users_created_idx').on(table.createdAt, table.id)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the token in the cookie, hex: a stolen database does not yield usable cookies. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** A coarse browser name ("Firefox · Android", auth/browser-name.ts), for the account's security page; never an address. */
    browser: text('browser'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

/**
 * Newsletter readers (decision 036). An address is `pending` until its owner presses the button the
 * confirmation mail links to, then `confirmed`; `unsubscribed` rows keep no address (it is erased at
 * once, the row only counts), `bounced` ones stopped receiving after repeated permanent failures.
 * Tokens: only the confirmation token's SHA-256 is kept (it is mailed once); the unsubscribe token
 * is mailed in every edition, so it is kept as sent, and identifies only this row.
 */
export const newsletterSubscribers = sqliteTable(
  'newsletter_subscribers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Null once unsubscribed: the address is gone from every file. */
    email: text('email'),
    /** The edition this reader receives: the language of the page or request that subscribed. */
    language: text('language', { enum: ['en', 'fa'] })
      .notNull()
      .default('en'),
    /** Addresses collected before confirmation existed were taken as confirmed (decision 036). */
    state: text('state', { enum: ['pending', 'confirmed', 'unsubscribed', 'bounced'] })
      .notNull()
      .default('confirmed'),
    /** A confirmation mail is wanted (set on subscribing, at most once a day per address); null once sent. */
    confirmWantedAt: integer('confirm_wanted_at', { mode: 'timestamp_ms' }),
    /** When the last confirmation mail left: at most one a day, and the address is forgotten 7 days later unless confirmed. */
    confirmSentAt: integer('confirm_sent_at', { mode: 'timestamp_ms' }),
    confirmTokenHash: text('confirm_token_hash'),
    confirmAttempts: integer('confirm_attempts').notNull().default(0),
    /** A confirmation mail is not tried again before this (backoff after a temporary failure). */
    confirmNextAt: integer('confirm_next_at', { mode: 'timestamp_ms' }),
    /** A node sending this row's confirmation holds it until then; past it, a crashed node's claim lapses. */
    confirmLeaseUntil: integer('confirm_lease_until', { mode: 'timestamp_ms' }),
    unsubscribeToken: text('unsubscribe_token'),
    /** Permanent delivery failures in a row; reset by a delivery that succeeds. */
    permanentFailures: integer('permanent_failures').notNull().default(0),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('newsletter_email_idx').on(table.email),
    uniqueIndex('newsletter_unsubscribe_idx').on(table.unsubscribeToken),
    uniqueIndex('newsletter_confirm_idx').on(table.confirmTokenHash),
    index('newsletter_created_idx').on(table.createdAt, table.id),
    index('newsletter_state_idx').on(table.state, table.language),
  ],
);

/** A newsletter edition: a subject and a body per language, and the published items it lists. */
export const newsletters = sqliteTable(
  'newsletters',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subjectEn: text('subject_en').notNull().default(''),
    subjectFa: text('subject_fa').notNull().default(''),
    /** Rich body documents as JSON (shared/rich-text/schema.ts); null when that language has none. */
    bodyEn: text('body_en'),
    bodyFa: text('body_fa'),
    /** The listed items, as a JSON array of post ids, in the order the mail shows them. */
    itemIds: text('item_ids').notNull().default('[]'),
    state: text('state', { enum: ['draft', 'sending', 'paused', 'sent'] })
      .notNull()
      .default('draft'),
    /** Readers the edition was queued for when sending started. */
    recipients: integer('recipients').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (table) => [index('newsletters_created_idx').on(table.createdAt, table.id)],
);

/**
 * The sending queue: one row per reader of an edition. A node claims due rows (lease), sends, and
 * records the outcome row by row, so a crash repeats at most the mail in flight. Holds no address:
 * the reader's row does, and an unsubscribed reader's queued mail is skipped.
 */
export const newsletterDeliveries = sqliteTable(
  'newsletter_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    newsletterId: integer('newsletter_id')
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id').references(() => newsletterSubscribers.id, { onDelete: 'set null' }),
    language: text('language', { enum: ['en', 'fa'] }).notNull(),
    state: text('state', { enum: ['queued', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: integer('next_at', { mode: 'timestamp_ms' }).notNull(),
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
    /** The SMTP answer of the last failure, with any address taken out. */
    error: text('error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    uniqueIndex('newsletter_deliveries_reader_idx').on(table.newsletterId, table.subscriberId),
    index('newsletter_deliveries_due_idx').on(table.state, table.nextAt),
    index('newsletter_deliveries_subscriber_idx').on(table.subscriberId),
  ],
);

export const legalItems = sqliteTable(
  'legal_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    titleEn: text('title_en').notNull(),
    titleFa: text('title_fa').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionFa: text('description_fa').notNull(),
    media: text('media'),
    mediaKind: text('media_kind', { enum: ['image', 'video'] }),
    videoLink: text('video_link'),
    ...editorial('media'),
    ...timestamps,
  },
  (table) => [
    index('legal_status_created_idx').on(table.status, table.createdAt, table.id),
    index('legal_scheduled_idx').on(table.status, table.publishAt),
    index('legal_author_created_idx').on(table.createdBy, table.createdAt, table.id),
    index('legal_written_en_idx').on(table.status, table.createdAt, table.id).where(writtenIn(table.titleEn)),
    index('legal_written_fa_idx').on(table.status, table.createdAt, table.id).where(writtenIn(table.titleFa)),
  ],
);

/**
 * One saved state of a news item, article, report or legal-awareness item (both languages, as a
 * JSON snapshot), kept for comparison and restoring. Deleting the item deletes its revisions.
 */
export const revisions = sqliteTable(
  'revisions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    legalId: integer('legal_id').references(() => legalItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    userEmail: text('user_email'),
    snapshot: text('snapshot').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('revisions_post_idx').on(table.postId, table.id), index('revisions_legal_idx').on(table.legalId, table.id)],
);

export const stories = sqliteTable(
  'stories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    media: text('media'),
    mediaKind: text('media_kind', { enum: ['image', 'video'] }),
    status: text('status', { enum: ['pending', 'published'] })
      .notNull()
      .default('pending'),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (table) => [
    index('stories_status_created_idx').on(table.status, table.createdAt, table.id),
    index('stories_published_idx').on(table.status, table.publishedAt, table.id),
  ],
);

/** Every stored file. Rows not attached to an item within a day are removed with their file. */
export const uploads = sqliteTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    path: text('path').notNull(),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** A picture an editor uploaded: offered again by the picture library. Visitors' files never are. */
    inLibrary: integer('in_library').notNull().default(0),
    /** The descriptions it was given where it is used, both languages: what the library searches. */
    description: text('description'),
    /** The account that uploaded it (no foreign key, like created_by). */
    uploadedBy: integer('uploaded_by'),
    attachedAt: integer('attached_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    uniqueIndex('uploads_path_idx').on(table.path),
    index('uploads_unattached_idx').on(table.attachedAt, table.createdAt),
    // The picture library, newest first.
    index('uploads_library_idx').on(table.inLibrary, table.createdAt, table.id),
  ],
);

/**
 * Who did what and when: logins, failed logins, logouts and every change an editor makes.
 * No foreign key, so the trail outlives deleted accounts; no IP address is kept.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    userId: integer('user_id'),
    userEmail: text('user_email'),
    action: text('action').notNull(),
    targetId: integer('target_id'),
    summary: text('summary'),
    /** Failed sign-ins are one row per account per hour, counted here; every other entry is 1. */
    attempts: integer('attempts').notNull().default(1),
  },
  (table) => [index('audit_at_idx').on(table.at, table.id), index('audit_action_at_idx').on(table.action, table.at)],
);

/**
 * Small counters every process serving this database file shares. `content_version` moves when a
 * procedure changes what visitors can see, so each process's caches follow changes made by the
 * others, and only those (see cache/content-version.ts).
 */
export const siteState = sqliteTable('site_state', {
  key: text('key').primaryKey(),
  value: integer('value').notNull(),
});

/**
 * Secrets every node shares (docs/decisions/026): the site secret, made once at random when
 * SITE_SECRET is not configured, from which each purpose's key is derived (security/site-keys.ts).
 */
export const siteSecrets = sqliteTable('site_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** The hashes of armed first-run setup tokens, while the site has no administrator (PostgreSQL's shared store). */
export const setupTokens = sqliteTable('setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  armedAt: integer('armed_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * Rate limits and login throttles shared by the nodes of a PostgreSQL site (security/guards-postgres.ts):
 * one counter per opaque key (a keyed hash, never an address), with the start of its window (or its
 * last failure) and when it may be forgotten, so expired rows are swept.
 */
export const guardCounters = sqliteTable(
  'guard_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    since: integer('since', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('guard_counters_expires_idx').on(table.expiresAt)],
);

/** Single-use recovery codes of an account with an authenticator app: only their SHA-256 is kept. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/** WebAuthn credentials (passkeys): the public key only; the private key never leaves the editor's device. */
export const passkeys = sqliteTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    /** The transports the browser reported, comma-separated. */
    transports: text('transports'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('passkeys_user_idx').on(table.userId)],
);

/**
 * Sign-ins waiting for their second step, shared by every node: the password was right and the
 * account asks for a code or a passkey. The browser holds the token whose SHA-256 is the id (the
 * `sign_in` cookie); a row is used once and lapses after a few minutes.
 */
export const pendingSignIns = sqliteTable(
  'pending_sign_ins',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('pending_sign_ins_expires_idx').on(table.expiresAt)],
);

/**
 * The purge outbox (docs/decisions/038): one row per public change, written by the node that made
 * it, naming the cache keys (Cache-Tag / Surrogate-Key) and addresses a cache in front must drop.
 * Every node's purger claims due rows with a lease (as mail/queue.ts does), calls CDN_PURGE_URL,
 * and deletes the row once the call succeeded; a failure waits longer each time, never dropped.
 * Only public items are named here: a draft's id never reaches a cache or its purge hook.
 */
export const cdnPurges = sqliteTable(
  'cdn_purges',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** JSON array of cache keys. */
    keys: text('keys').notNull(),
    /** JSON array of paths (with their query, e.g. `/news/1?lang=fa`), relative to the site's origin. */
    paths: text('paths').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: integer('next_at', { mode: 'timestamp_ms' }).notNull(),
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
    /** The last failure, for the operator (status or error name; never a header or a token). */
    error: text('error'),
  },
  (table) => [index('cdn_purges_due_idx').on(table.nextAt)],
);
