import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { newsletters, newsletterSubscribers, revisions } from '../../src/server/db/schema.ts';
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts';
import { generateSessionToken, sessionHandleOf, sessionIdOf, type SessionUser } from '../../src/server/auth/sessions.ts';
import { allContentKinds } from '../../src/shared/content-kinds.ts';
import { CookieClient } from '../setup/http.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { expiredSessionToken, sessionTokenFor } from '../setup/callers.ts';
import { holdSession } from '../setup/trpc-http.ts';
import {
  makeContact,
  makeContent,
  makeGalleryItem,
  makeImageUpload,
  makeLegalItem,
  makeLibraryPicture,
  makeStory,
  makeSubscriber,
  makeUser,
  systemCaller,
  testPassword,
} from './index.ts';
import { codeAt, givePasskeyRow, givePendingTotp, giveTotp } from './second-factors.ts';

/**
 * A site with one item of every kind, two editors and an unclaimed upload: every admin call has
 * something real to read, change or delete, so a refusal that let the call through would show.
 */
export interface AccessWorld {
  admin: SessionUser;
  other: SessionUser;
  /** Valid sessions of an editor and of a writer (the writer owns `writerDraft`). */
  roleTokens: Record<'editor' | 'writer', string>;
  /** A valid session of `admin`. */
  validToken: string;
  /** A real session row of `admin` whose idle timeout has run out. */
  expiredToken: string;
  ids: Record<
    | 'news'
    | 'article'
    | 'report'
    | 'gallery'
    | 'legal'
    | 'story'
    | 'publishedStory'
    | 'contact'
    | 'subscriber'
    | 'user'
    | 'revision'
    | 'writerDraft'
    | 'newsletter',
    number
  >;
  uploadId: string;
  /** A picture of the library that nothing uses (library.remove). */
  libraryPictureId: string;
  /**
   * The administrator's authenticator-app key: set up, waiting for its first code (account.totpConfirm),
   * and switched on by prepareLive for the calls that need it on.
   */
  totpKey: Uint8Array;
  /** A passkey of the administrator's (so she has a second factor: users.requireSecondFactor). */
  passkeyId: string;
}

const MATRIX_PASSKEY_ID = 'bWF0cml4LXBhc3NrZXk';

export async function seedAccessWorld(deps: TestDeps): Promise<AccessWorld> {
  const admin = await makeUser(deps, { name: 'Matrix admin' });
  const other = await makeUser(deps, { name: 'Matrix colleague' });
  const editor = await makeUser(deps, { name: 'Matrix editor', role: 'editor' });
  const writer = await makeUser(deps, { name: 'Matrix writer', role: 'writer' });
  const writerDraft = await systemCaller(deps, writer).news.create({
    titleEn: 'A writer’s draft',
    titleFa: 'پیش‌نویس نویسنده',
    descriptionEn: 'Her words.',
    descriptionFa: 'نوشتهٔ او.',
    imageUploadId: (await makeImageUpload(deps)).id,
    coverAltEn: 'A cover',
    coverAltFa: 'یک جلد',
    status: 'draft',
  });
  const news = await makeContent(deps, 'news');
  const article = await makeContent(deps, 'article');
  const report = await makeContent(deps, 'report');
  const gallery = await makeGalleryItem(deps);
  const legal = await makeLegalItem(deps);
  const story = await makeStory(deps, { title: 'A pending story' });
  const publishedStory = await makeStory(deps, { title: 'A published story' });
  await systemCaller(deps, admin).stories.publish({ id: publishedStory });
  const contact = await makeContact(deps);
  await makeSubscriber(deps);
  const [subscriber] = await deps.db.select({ id: newsletterSubscribers.id }).from(newsletterSubscribers).orderBy(desc(newsletterSubscribers.id)).limit(1);
  const upload = await makeImageUpload(deps);
  const libraryPicture = await makeLibraryPicture(deps);
  const paragraph = (text: string) => ({ type: 'doc' as const, content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] }] });
  const newsletter = await systemCaller(deps, admin).newsletters.create({
    subjectEn: 'Matrix edition',
    subjectFa: 'شمارهٔ ماتریس',
    bodyEn: paragraph('Matrix words.'),
    bodyFa: paragraph('واژه‌های ماتریس.'),
    itemIds: [news.id],
  });
  const [revision] = await deps.db.select({ id: revisions.id }).from(revisions).where(eq(revisions.postId, news.id)).orderBy(desc(revisions.id)).limit(1);
  await givePasskeyRow(deps, admin.id, MATRIX_PASSKEY_ID);
  const totpKey = await givePendingTotp(deps, admin.id);
  await giveTotp(deps, other.id);
  return {
    totpKey,
    passkeyId: MATRIX_PASSKEY_ID,
    admin,
    other,
    validToken: await sessionTokenFor(deps, admin),
    expiredToken: await expiredSessionToken(deps, admin),
    roleTokens: { editor: await sessionTokenFor(deps, editor), writer: await sessionTokenFor(deps, writer) },
    ids: {
      news: news.id,
      article: article.id,
      report: report.id,
      gallery: gallery.id,
      legal: legal.id,
      story,
      publishedStory,
      contact,
      subscriber: subscriber!.id,
      user: other.id,
      revision: revision!.id,
      writerDraft: writerDraft.id,
      newsletter: newsletter.id,
    },
    uploadId: upload.id,
    libraryPictureId: libraryPicture.id,
  };
}

/** Routers of drafts-and-publishing items, whose `status` means draft, scheduled or published. */
const editorialRouters = new Set(['news', 'articles', 'reports', 'legal']);

const procedureTargets: Record<string, keyof AccessWorld['ids']> = {
  ...Object.fromEntries(allContentKinds.map((info) => [info.section, info.id])),
  gallery: 'gallery',
  legal: 'legal',
  stories: 'story',
  contacts: 'contact',
  newsletter: 'subscriber',
  newsletters: 'newsletter',
  users: 'user',
  revisions: 'revision',
};

/**
 * One input every admin procedure accepts (zod drops the keys a procedure does not read): with a
 * valid session each call succeeds, so a refusal is the guard's doing and never the input's.
 */
export function liveInput(world: AccessWorld, procedurePath: string): Record<string, unknown> {
  const target = procedureTargets[procedurePath.split('.')[0]!];
  return {
    ...(target ? { id: world.ids[target] } : {}),
    // The picture library's ids are upload ids.
    ...(procedurePath.startsWith('library.') ? { id: world.libraryPictureId } : {}),
    // Her own passkey (account.passkeyRename, account.passkeyRemove).
    ...(procedurePath.startsWith('account.passkey') ? { id: world.passkeyId } : {}),
    page: 1,
    pageSize: 12,
    // Stories and messages filter by their own statuses; editorial items take no status here (published).
    status: editorialRouters.has(procedurePath.split('.')[0]!) ? undefined : 'pending',
    // A newsletter's preview, in English.
    language: 'en',
    // Revisions: the news item's own, compared with itself.
    owner: 'post',
    from: world.ids.revision,
    to: world.ids.revision,
    coverAltEn: 'Matrix cover',
    coverAltFa: 'جلد ماتریس',
    titleEn: 'Matrix title',
    titleFa: 'عنوان ماتریس',
    descriptionEn: 'Matrix description',
    descriptionFa: 'توضیح ماتریس',
    name: 'Matrix name',
    email: 'matrix-probe@example.org',
    password: 'a long enough password',
    role: 'admin',
    imageUploadId: world.uploadId,
    mediaUploadId: world.uploadId,
    videoLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    media: [],
    // The administrator's own session (account.endSession): ending it is hers to do.
    handle: sessionHandleOf(sessionIdOf(world.validToken)),
    // Her own password (changes to her second factors) and her app's code of this moment.
    currentPassword: testPassword,
    code: codeAt(world.totpKey),
    required: true,
    // Her bylines (account.setPublicNames).
    publicNameEn: 'Matrix byline',
    publicNameFa: 'نام ماتریس',
    // No authenticator signed this (account.passkeyAdd is refused by its own check; tests/api/passkeys.test.ts adds a real one).
    response: { id: 'bm90LWEta2V5', rawId: 'bm90LWEta2V5', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' } },
  };
}

/** Procedures whose live call needs her authenticator app on, not just set up. */
const needsTotpOn = new Set(['account.totpDisable', 'account.recoveryCodesRenew', 'DELETE /admin/account/totp']);

/**
 * Brings a clone of the world into the state one call needs to succeed (a procedure path or a REST
 * route name): for the few that the world's shared state cannot serve alongside the others.
 */
export async function prepareLive(deps: TestDeps, world: AccessWorld, call: string): Promise<void> {
  if (needsTotpOn.has(call)) await giveTotp(deps, world.admin.id, world.totpKey);
  // Pausing needs an edition being sent; resuming, a paused one.
  const editionState = call === 'newsletters.pause' ? 'sending' : call === 'newsletters.resume' ? 'paused' : null;
  if (editionState) await deps.db.transaction((tx) => tx.update(newsletters).set({ state: editionState }).where(eq(newsletters.id, world.ids.newsletter)));
}

/**
 * Calls a live input cannot make succeed: the control sees the procedure's own refusal (proof that
 * the guard let it through), and the reason is named.
 */
export const ownRefusalExpected: Record<string, string> = {
  // Needs a registration signed by an authenticator for a challenge of this session (tests/api/passkeys.test.ts).
  'account.passkeyAdd': 'The passkey could not be checked. Try again, or sign in with your password.',
};

const restTargets: Record<string, keyof AccessWorld['ids']> = {
  ...Object.fromEntries(allContentKinds.flatMap((info) => info.restPaths.map((path) => [path.slice(1), info.id]))),
  gallery: 'gallery',
  awareness: 'legal',
  story: 'story',
  stories: 'story',
  contacts: 'contact',
  subscribers: 'subscriber',
  newsletters: 'newsletter',
  users: 'user',
};

/** A declared REST path with its `:id` filled in with the matching item of the world. */
export function livePath(world: AccessWorld, declared: string): string {
  const segments = declared.split('/').filter(Boolean);
  const resource = segments[0] === 'admin' ? segments[1] : segments[0];
  const target = resource ? restTargets[resource] : undefined;
  return `/api${declared.replace(':id', String(target ? world.ids[target] : 1))}`;
}

/**
 * The text fields of every original form at once, valid for each (REST ignores the ones it does not
 * read). `status` is a message's status except on news, articles, reports and legal awareness,
 * where it is the optional publication status: there it is left out (published at once).
 */
export function liveRestFieldsFor(declaredPath: string, world?: AccessWorld): Record<string, string> {
  // The administrator's app code of this moment (POST admin/account/totp/confirm).
  if (declaredPath.startsWith('/admin/account/totp') && world) return { ...liveRestFields, code: codeAt(world.totpKey) };
  if (!/news|article|report|awareness/.test(declaredPath)) return liveRestFields;
  const { status: _messageStatus, ...fields } = liveRestFields;
  return fields;
}

const liveRestFields: Record<string, string> = {
  title_En: 'Matrix title',
  title_fa: 'عنوان ماتریس',
  description_En: 'Matrix description',
  description_fa: 'توضیح ماتریس',
  link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  media_title_En: 'Matrix media',
  titleEn: 'Matrix legal title',
  titlefa: 'عنوان حقوقی',
  descriptionEn: 'Matrix legal description',
  descriptionfa: 'توضیح حقوقی',
  name: 'Matrix name',
  email: 'matrix-probe@example.org',
  password: 'a long enough password',
  role: 'Admin',
  status: 'read',
  title: 'Matrix story',
  description: 'Matrix story text',
  message: 'Matrix message',
  current_password: testPassword,
};

/** The seeded site of a file, built once before its tests and removed after them; tests clone the template. */
export function accessWorldForFile(take: (made: { template: TestDeps; world: AccessWorld }) => void): void {
  let template: TestDeps | undefined;
  // A real mail server, so sending a newsletter (and its test mail) succeeds past the guards.
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    template = createTestDeps({ SMTP_URL: smtp.url, MAIL_FROM: 'Matrix <matrix@example.org>' });
    take({ template, world: await seedAccessWorld(template) });
  });
  afterAll(async () => {
    await template?.cleanup();
    await smtp?.close();
  });
}

/** The ways a request can fall short of a signed-in editor's. */
export type AccessCondition = 'no session' | 'expired session' | 'forged session' | 'no anti-forgery header';

/** A browser in each condition: its cookies, and the headers its page would send. */
export async function clientIn(
  world: AccessWorld,
  deps: TestDeps,
  url: string,
  condition: AccessCondition | 'signed in' | 'editor' | 'writer',
): Promise<{ client: CookieClient; headers: Record<string, string> }> {
  const client = new CookieClient(url);
  if (condition === 'no session') return { client, headers: {} };
  const token =
    condition === 'expired session'
      ? await expiredSessionToken(deps, world.admin)
      : condition === 'forged session'
        ? generateSessionToken()
        : condition === 'editor' || condition === 'writer'
          ? world.roleTokens[condition]
          : world.validToken;
  await holdSession(client, token);
  // Another site's form or fetch carries the cookies but cannot read them, so it cannot repeat the token.
  if (condition === 'no anti-forgery header') return { client, headers: { Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'cross-site' } };
  return { client, headers: client.xsrfHeaders() };
}
