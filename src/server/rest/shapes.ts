import type { Role } from '../../shared/schemas/users.ts';
import type { AuditRow } from '../routers/audit.ts';
import type { ContactMessage } from '../routers/contacts.ts';
import type { ContentItem, MediaItem } from '../routers/content/index.ts';
import type { GalleryItem } from '../routers/gallery.ts';
import type { Page } from '../routers/helpers.ts';
import type { LegalItem } from '../routers/legal.ts';
import type { Subscriber } from '../routers/newsletter.ts';
import { detailShape } from './editorial-fields.ts';
import type { PublishedStory, Story } from '../routers/stories.ts';
import { lastPageOf } from '../../shared/list-pages.ts';

/**
 * Procedure output -> the JSON the original client reads. Field names only: every value is the
 * procedure's own. Stored paths stay relative to /storage/, as the original API gave them.
 */

/** Laravel's LengthAwarePaginator, minus the URLs nobody reads. */
export function paginated<T>(page: Page<T>, shape: (item: T) => unknown) {
  const first = page.items.length ? (page.page - 1) * page.pageSize + 1 : null;
  return {
    data: page.items.map((item) => shape(item)),
    current_page: page.page,
    last_page: lastPageOf(page.total, page.pageSize),
    per_page: page.pageSize,
    total: page.total,
    from: first,
    to: first === null ? null : first + page.items.length - 1,
  };
}

/** The list screens read the lower-case spellings, the detail screens the capital-M ones. */
function mediaShape(media: MediaItem) {
  return {
    link: media.link,
    media_title_En: media.titleEn,
    media_title_fa: media.titleFa,
    media_description_En: media.descriptionEn,
    media_description_fa: media.descriptionFa,
    Media_title_En: media.titleEn,
    Media_title_fa: media.titleFa,
    Media_description_En: media.descriptionEn,
    Media_description_fa: media.descriptionFa,
  };
}

export function contentShape(item: ContentItem, detail = false) {
  return {
    id: item.id,
    title_En: item.titleEn,
    title_fa: item.titleFa,
    description_En: item.descriptionEn,
    description_fa: item.descriptionFa,
    image: item.image,
    link: item.media[0]?.link ?? null,
    media: item.media.map(mediaShape),
    category: item.category,
    country: item.country,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
    ...(detail ? detailShape(item, 'image') : {}),
  };
}

export function legalShape(item: LegalItem, detail = false) {
  return {
    id: item.id,
    titleEn: item.titleEn,
    titlefa: item.titleFa,
    descriptionEn: item.descriptionEn,
    descriptionfa: item.descriptionFa,
    media: item.media,
    media_kind: item.mediaKind,
    link: item.videoLink,
    embed_url: item.embedUrl,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
    ...(detail ? detailShape(item, 'media') : {}),
  };
}

export function galleryShape(item: GalleryItem) {
  return {
    id: item.id,
    name: item.name,
    name_fa: item.nameFa,
    // The original API wrote the text 'null' for an item without an image; its clients test for it.
    image: item.image ?? 'null',
    // The original kept the video link as a media relation; an item without one has none.
    media: item.videoLink ? [{ link: item.videoLink }] : [],
    embed_url: item.embedUrl,
    created_at: item.createdAt,
  };
}

export function contactShape(item: ContactMessage) {
  return {
    id: item.id,
    name: item.name,
    email: item.email,
    message: item.message,
    image: item.image,
    status: item.status,
    created_at: item.createdAt,
  };
}

/**
 * The original stored and showed the role as "Admin" (its only choice); the procedures call it
 * 'admin'. Old clients keep the value they know, and the newer roles read the same way: "Editor",
 * "Writer" (docs/api.md, "Users").
 */
const ROLE_NAMES: Record<Role, string> = { admin: 'Admin', editor: 'Editor', writer: 'Writer' };

export function userShape(user: { id: number; name: string; email: string; role: Role; createdAt?: Date }) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: ROLE_NAMES[user.role],
    ...(user.createdAt ? { created_at: user.createdAt } : {}),
  };
}

/** Moderation fields appear only when an editor asked (the procedure's own output decides). */
export function storyShape(story: Story | PublishedStory) {
  return {
    id: story.id,
    title: story.title,
    description: story.description,
    media: story.media,
    media_kind: story.mediaKind,
    ...('status' in story ? { status: story.status } : {}),
    published_at: story.publishedAt,
    created_at: story.createdAt,
  };
}

export function subscriberShape(subscriber: Subscriber) {
  return { id: subscriber.id, email: subscriber.email, state: subscriber.state, language: subscriber.language, created_at: subscriber.createdAt };
}

/** What a public form gets back: that it was received, not an id to poll. */
export function receiptShape(receipt: { received: true; createdAt: Date }) {
  return { received: receipt.received, created_at: receipt.createdAt };
}

export function auditShape(row: AuditRow) {
  return {
    id: row.id,
    at: row.at,
    user_id: row.userId,
    user_email: row.userEmail,
    user_name: row.userName,
    by_scheduler: row.byScheduler,
    action: row.action,
    target_id: row.targetId,
    summary: row.summary,
    attempts: row.attempts,
  };
}
