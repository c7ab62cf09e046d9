import { describe, expect, it } from 'vitest';
import { storageUrl } from '../../src/shared/image-url.ts';

describe('storageUrl', () => {
  it('puts a stored path under storage/ of the site by default', () => {
    expect(storageUrl('images/abc123.jpg')).toBe('/storage/images/abc123.jpg');
  });

  it('builds on an API host with or without a trailing slash', () => {
    expect(storageUrl('images/abc123.jpg', 'https://api.example.org')).toBe('https://api.example.org/storage/images/abc123.jpg');
    expect(storageUrl('images/abc123.jpg', 'https://api.example.org/')).toBe('https://api.example.org/storage/images/abc123.jpg');
  });

  it('turns backslashes of Windows-made paths into forward slashes', () => {
    expect(storageUrl('images\\news\\abc.jpg')).toBe('/storage/images/news/abc.jpg');
  });

  it('removes non-breaking spaces from the path', () => {
    expect(storageUrl('images/my\u00a0photo\u00a0.jpg')).toBe('/storage/images/myphoto.jpg');
  });

  it('removes leading slashes so the URL has no double slash', () => {
    expect(storageUrl('///images/abc.jpg', 'https://api.example.org/')).toBe('https://api.example.org/storage/images/abc.jpg');
    expect(storageUrl('\\images\\abc.jpg')).toBe('/storage/images/abc.jpg');
  });

  it('does not repeat storage/ when the path already starts with it', () => {
    expect(storageUrl('storage/images/abc.jpg')).toBe('/storage/images/abc.jpg');
    expect(storageUrl('/storage/images/abc.jpg')).toBe('/storage/images/abc.jpg');
  });

  it('passes absolute http and https URLs through unchanged', () => {
    expect(storageUrl('https://cdn.example.org/a.jpg', 'https://api.example.org')).toBe('https://cdn.example.org/a.jpg');
    expect(storageUrl('http://cdn.example.org/a.jpg')).toBe('http://cdn.example.org/a.jpg');
    expect(storageUrl('HTTPS://cdn.example.org/a.jpg')).toBe('HTTPS://cdn.example.org/a.jpg');
  });

  it('answers null for missing paths, so no broken image is shown', () => {
    expect(storageUrl(null)).toBeNull();
    expect(storageUrl(undefined)).toBeNull();
    expect(storageUrl('')).toBeNull();
  });
});
