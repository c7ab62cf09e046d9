import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf, localizeIssue, message, messages, type MessageKey } from '../../src/shared/messages.ts';
import { createContentInput } from '../../src/shared/schemas/content.ts';
import { createGalleryInput } from '../../src/shared/schemas/gallery.ts';
import { createUserInput } from '../../src/shared/schemas/users.ts';

/** The issues zod really produces for a value, so the tests follow zod's own issue shapes. */
function issuesOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the value to be refused');
  return result.error.issues;
}

const firstIssue = (schema: z.ZodType, value: unknown) => issuesOf(schema, value)[0]!;

describe('message', () => {
  it('fills named placeholders in both languages', () => {
    expect(message('en', 'uploadImageTooLarge', { max: 10 })).toBe('The image is too large. The limit is 10 MB.');
    expect(message('fa', 'uploadImageTooLarge', { max: 10 })).toContain('۱۰');
    expect(message('fa', 'uploadImageTooLarge', { max: 10 })).not.toContain('{max}');
  });

  it('has every message in English and Persian, with the same placeholders', () => {
    for (const [key, texts] of Object.entries(messages)) {
      expect(texts.en.trim(), key).not.toBe('');
      expect(texts.fa.trim(), key).not.toBe('');
      expect(texts.fa, key).toMatch(/[\u0600-\u06FF]/);
      const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
      expect(placeholders(texts.fa), key).toEqual(placeholders(texts.en));
    }
  });
});

describe('localizeIssue', () => {
  it('translates an issue whose message is a message key', () => {
    const issue = firstIssue(z.string().min(10, 'passwordTooShort'), 'short');
    expect(localizeIssue(issue, 'en')).toBe(messages.passwordTooShort.en);
    expect(localizeIssue(issue, 'fa')).toBe(messages.passwordTooShort.fa);
  });

  it('calls a missing value required', () => {
    expect(localizeIssue(firstIssue(z.string(), undefined), 'en')).toBe('This field is required.');
    expect(localizeIssue(firstIssue(z.string(), undefined), 'fa')).toBe(messages.required.fa);
  });

  it('calls an empty string required when at least one character is needed', () => {
    expect(localizeIssue(firstIssue(z.string().min(1), ''), 'en')).toBe('This field is required.');
  });

  it('names the minimum length, in Persian digits for Persian readers', () => {
    const issue = firstIssue(z.string().min(12), 'abc');
    expect(localizeIssue(issue, 'en')).toBe('Enter at least 12 characters.');
    expect(localizeIssue(issue, 'fa')).toContain('۱۲');
    expect(localizeIssue(issue, 'fa')).not.toMatch(/[0-9]/);
  });

  it('names the limits of numbers, strings and lists', () => {
    expect(localizeIssue(firstIssue(z.number().min(5), 2), 'en')).toBe('Must be at least 5.');
    expect(localizeIssue(firstIssue(z.number().max(50), 51), 'en')).toBe('Must be at most 50.');
    expect(localizeIssue(firstIssue(z.string().max(3), 'abcd'), 'en')).toBe('Use at most 3 characters.');
    expect(localizeIssue(firstIssue(z.array(z.number()).max(2), [1, 2, 3]), 'en')).toBe('At most 2 items are allowed.');
    expect(localizeIssue(firstIssue(z.array(z.number()).max(2), [1, 2, 3]), 'fa')).toContain('۲');
  });

  it('explains a bad e-mail address and a bad link', () => {
    expect(localizeIssue(firstIssue(z.email(), 'not-an-address'), 'en')).toBe(messages.invalidEmail.en);
    expect(localizeIssue(firstIssue(z.url(), 'not a link'), 'fa')).toBe(messages.invalidUrl.fa);
  });

  it('asks for one of the offered options when a choice is unknown', () => {
    expect(localizeIssue(firstIssue(z.enum(['pending', 'read']), 'spam'), 'en')).toBe(messages.invalidChoice.en);
  });

  it('falls back to a general sentence for other issues, never to zod’s English text', () => {
    const issue = firstIssue(z.string().regex(/^\d+$/), 'abc');
    expect(localizeIssue(issue, 'en')).toBe(messages.invalidValue.en);
    expect(localizeIssue({ code: 'custom', message: 'Some internal detail' }, 'fa')).toBe(messages.invalidValue.fa);
  });
});

describe('fieldErrorsOf', () => {
  it('groups the issues of a form by field, one localized message each', () => {
    const errors = fieldErrorsOf(issuesOf(createUserInput, { name: ' ', email: 'nope', password: 'short' }), 'en');
    expect(errors).toEqual({
      name: [messages.required.en],
      email: [messages.invalidEmail.en],
      password: [messages.passwordTooShort.en],
    });
  });

  it('writes the messages in Persian for Persian readers', () => {
    const errors = fieldErrorsOf(issuesOf(createUserInput, { name: 'Ana', email: 'nope', password: 'short' }), 'fa');
    expect(errors).toEqual({ email: [messages.invalidEmail.fa], password: [messages.passwordTooShort.fa] });
  });

  it('names a nested field by its dotted path', () => {
    const value = { coverAltEn: 'Cover', coverAltFa: 'جلد', titleEn: 'a', titleFa: 'b', descriptionEn: 'c', descriptionFa: 'd', imageUploadId: 'a'.repeat(32), media: [{ link: 'not a link' }] };
    expect(fieldErrorsOf(issuesOf(createContentInput, value), 'en')).toEqual({ 'media.0.link': [messages.invalidUrl.en] });
  });

  it('reports a whole-form rule on the field the schema points it at', () => {
    expect(fieldErrorsOf(issuesOf(createGalleryInput, { name: 'Mural' }), 'en')).toEqual({ imageUploadId: [messages.galleryMediaRequired.en] });
  });

  it("puts issues without a path under 'form' and lists a repeated message once", () => {
    const issue = { code: 'custom', message: 'invalidValue' satisfies MessageKey, path: [] };
    expect(fieldErrorsOf([issue, issue], 'en')).toEqual({ form: [messages.invalidValue.en] });
  });
});
