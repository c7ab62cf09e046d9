import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { makeImageUpload, unique } from '../factories/index.ts';
import { makeVideoUpload } from '../factories/media.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { fieldErrorsOf } from '../setup/errors.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

// Every form's rules, one by one: each refusal names the field and says why, in the reader's language.
const required = messages.required.en;

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(() => deps.cleanup());

/** A syntactically valid upload id that no upload has: the rules of the other fields are checked without a file. */
const someUploadId = 'a'.repeat(32);

describe('newsletter form', () => {
  it.each([[''], ['   '], [undefined]])('asks for the e-mail when it is %j', async (email) => {
    expect(await fieldErrorsOf(deps, publicCaller(deps).newsletter.subscribe({ email } as { email: string }))).toEqual({ email: [required] });
  });

  it('refuses an address that is not an e-mail', async () => {
    expect(await fieldErrorsOf(deps, publicCaller(deps).newsletter.subscribe({ email: 'reader.example.org' }))).toEqual({ email: [messages.invalidEmail.en] });
  });
});

describe('contact form', () => {
  const valid = { name: 'Maryam', email: 'maryam@example.org', message: 'Hello, I have news to share.' };

  it.each(['name', 'email', 'message'] as const)('requires the %s', async (field) => {
    const input = { ...valid, [field]: '  ' };
    expect(await fieldErrorsOf(deps, publicCaller(deps).contacts.create(input))).toEqual({ [field]: [required] });
  });

  it('refuses a malformed e-mail address', async () => {
    expect(await fieldErrorsOf(deps, publicCaller(deps).contacts.create({ ...valid, email: 'maryam@' }))).toEqual({ email: [messages.invalidEmail.en] });
  });

  it('takes images only as the attachment', async () => {
    const video = await makeVideoUpload(deps);
    expect(await fieldErrorsOf(deps, publicCaller(deps).contacts.create({ ...valid, imageUploadId: video.id }))).toEqual({
      imageUploadId: [messages.uploadMustBeImage.en],
    });
  });
});

describe.each(['news', 'articles', 'reports'] as const)('%s form', (router) => {
  const valid = () => ({
    titleEn: 'Title',
    titleFa: 'عنوان',
    descriptionEn: 'Description',
    descriptionFa: 'توضیح',
    coverAltEn: 'Cover picture',
    coverAltFa: 'تصویر جلد',
    imageUploadId: someUploadId,
  });

  // A language is in use once it has a title or a body; publishing needs all of its words.
  it.each([
    ['titleEn', 'titleEn', messages.neededToPublishEn.en],
    ['titleFa', 'titleFa', messages.neededToPublishFa.en],
    ['descriptionEn', 'bodyEn', messages.neededToPublishEn.en],
    ['descriptionFa', 'bodyFa', messages.neededToPublishFa.en],
  ] as const)('needs %s to publish, named as %s', async (field, named, text) => {
    const { caller } = await adminCaller(deps);
    const image = await makeImageUpload(deps);
    expect(await fieldErrorsOf(deps, caller[router].create({ ...valid(), imageUploadId: image.id, [field]: ' ' }))).toEqual({ [named]: [text] });
  });

  it('needs a title in one language even for a draft, and nothing else', async () => {
    const { caller } = await adminCaller(deps);
    expect(await fieldErrorsOf(deps, caller[router].create({ status: 'draft' }))).toEqual({
      titleEn: [messages.titleInEitherLanguage.en],
      titleFa: [messages.titleInEitherLanguage.en],
    });
    await expect(caller[router].create({ titleFa: 'عنوان', status: 'draft' })).resolves.toMatchObject({ titleEn: '', titleFa: 'عنوان', status: 'draft' });
  });

  it('needs the image to publish', async () => {
    const { caller } = await adminCaller(deps);
    const { imageUploadId: _omitted, ...withoutImage } = valid();
    expect(await fieldErrorsOf(deps, caller[router].create(withoutImage as ReturnType<typeof valid>))).toEqual({
      imageUploadId: [messages.coverNeededToPublish.en],
    });
  });

  it('takes images only', async () => {
    const { caller } = await adminCaller(deps);
    const video = await makeVideoUpload(deps);
    expect(await fieldErrorsOf(deps, caller[router].create({ ...valid(), imageUploadId: video.id }))).toEqual({
      imageUploadId: [messages.uploadMustBeImage.en],
    });
  });

  it('accepts the link and media fields as optional, and refuses a media link that is not a web address', async () => {
    const { caller } = await adminCaller(deps);
    const image = await makeImageUpload(deps);
    await expect(caller[router].create({ ...valid(), imageUploadId: image.id, media: [{ link: '', titleEn: '' }] })).resolves.toMatchObject({ media: [] });
    expect(await fieldErrorsOf(deps, caller[router].create({ ...valid(), media: [{ link: 'javascript:alert(1)' }] }))).toEqual({
      'media.0.link': [messages.invalidUrl.en],
    });
  });

  it('refuses a category or country that is not offered', async () => {
    const { caller } = await adminCaller(deps);
    const input = { ...valid(), category: 'gossip', country: 'narnia' } as unknown as ReturnType<typeof valid>;
    expect(await fieldErrorsOf(deps, caller[router].create(input))).toEqual({ category: [messages.invalidChoice.en], country: [messages.invalidChoice.en] });
  });
});

describe('gallery form', () => {
  it('requires the name', async () => {
    const { caller } = await adminCaller(deps);
    expect(await fieldErrorsOf(deps, caller.gallery.create({ name: '', videoLink: 'https://youtu.be/dQw4w9WgXcQ' }))).toEqual({
      name: [messages.nameInEitherLanguage.en],
    });
  });

  it('asks for an image or a video link when neither is given', async () => {
    const { caller } = await adminCaller(deps);
    expect(await fieldErrorsOf(deps, caller.gallery.create({ name: 'Mural', imageUploadId: '', videoLink: '' }))).toEqual({
      imageUploadId: ['Please upload an image or provide a video link.'],
    });
  });

  it('refuses a video link it cannot embed', async () => {
    const { caller } = await adminCaller(deps);
    expect(await fieldErrorsOf(deps, caller.gallery.create({ name: 'Mural', videoLink: 'https://vimeo.com/76979871' }))).toEqual({
      videoLink: [messages.videoLinkUnrecognised.en],
    });
  });
});

describe('add user form', () => {
  const valid = () => ({ name: 'Sara', email: `${unique('sara')}@example.org`, password: 'long enough password' });

  it.each(['name', 'email', 'password'] as const)('requires the %s', async (field) => {
    const { caller } = await adminCaller(deps);
    const { [field]: _omitted, ...rest } = valid();
    const errors = await fieldErrorsOf(deps, caller.users.create(rest as ReturnType<typeof valid>));
    expect(Object.keys(errors)).toEqual([field]);
  });

  it('refuses an e-mail that is not one', async () => {
    const { caller } = await adminCaller(deps);
    expect(await fieldErrorsOf(deps, caller.users.create({ ...valid(), email: 'sara' }))).toEqual({ email: [messages.invalidEmail.en] });
  });

  it('refuses a password under ten characters and accepts one of exactly ten', async () => {
    const { caller } = await adminCaller(deps);
    expect(await fieldErrorsOf(deps, caller.users.create({ ...valid(), password: '123456789' }))).toEqual({
      password: ['The password must be at least 10 characters long.'],
    });
    await expect(caller.users.create({ ...valid(), password: '1234567890' })).resolves.toMatchObject({ role: 'admin' });
  });

  it('refuses a role other than Admin', async () => {
    const { caller } = await adminCaller(deps);
    const input = { ...valid(), role: 'superuser' } as unknown as ReturnType<typeof valid>;
    expect(await fieldErrorsOf(deps, caller.users.create(input))).toEqual({ role: [messages.invalidChoice.en] });
  });
});

describe('login form', () => {
  it('requires the e-mail and the password', async () => {
    expect(await fieldErrorsOf(deps, publicCaller(deps).auth.login({ email: '', password: '' }))).toEqual({ email: [required], password: [required] });
  });
});

describe('story form', () => {
  it.each(['title', 'description'] as const)('requires the %s', async (field) => {
    const input = { title: 'My story', description: 'It happened.', [field]: '' };
    expect(await fieldErrorsOf(deps, publicCaller(deps).stories.create(input))).toEqual({ [field]: [required] });
  });

  it('refuses an upload id that was never issued', async () => {
    expect(await fieldErrorsOf(deps, publicCaller(deps).stories.create({ title: 'T', description: 'D', mediaUploadId: someUploadId }))).toEqual({
      mediaUploadId: [messages.uploadNotFound.en],
    });
  });
});

describe('legal awareness form', () => {
  const valid = {
    titleEn: 'Title',
    titleFa: 'عنوان',
    descriptionEn: 'Description',
    descriptionFa: 'توضیح',
    coverAltEn: 'Cover',
    coverAltFa: 'جلد',
    mediaUploadId: someUploadId,
  };

  it.each([
    ['titleEn', 'titleEn', messages.neededToPublishEn.en],
    ['titleFa', 'titleFa', messages.neededToPublishFa.en],
    ['descriptionEn', 'bodyEn', messages.neededToPublishEn.en],
    ['descriptionFa', 'bodyFa', messages.neededToPublishFa.en],
  ] as const)('needs %s to publish, named as %s', async (field, named, text) => {
    const { caller } = await adminCaller(deps);
    const image = await makeImageUpload(deps);
    expect(await fieldErrorsOf(deps, caller.legal.create({ ...valid, mediaUploadId: image.id, [field]: '' }))).toEqual({ [named]: [text] });
  });

  it('requires an image or a video', async () => {
    const { caller } = await adminCaller(deps);
    expect(await fieldErrorsOf(deps, caller.legal.create({ ...valid, mediaUploadId: undefined }))).toEqual({ mediaUploadId: [messages.legalMediaRequired.en] });
  });
});

describe('messages in Persian', () => {
  it('explains every refused field in Persian when the reader chose Persian', async () => {
    const errors = await fieldErrorsOf(deps, publicCaller(deps, { lang: 'fa' }).contacts.create({ name: '', email: 'x', message: '' }), 'fa');
    expect(errors).toEqual({ name: [messages.required.fa], email: [messages.invalidEmail.fa], message: [messages.required.fa] });
  });
});
