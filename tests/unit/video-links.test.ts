import { describe, expect, it } from 'vitest';
import { isRecognisedVideoLink, videoEmbedUrl, youtubeVideoId } from '../../src/shared/video-links.ts';

const id = 'dQw4w9WgXcQ';
const embed = `https://www.youtube-nocookie.com/embed/${id}`;

describe('youtubeVideoId', () => {
  it.each([
    ['a watch link', `https://www.youtube.com/watch?v=${id}`],
    ['a watch link without www', `https://youtube.com/watch?v=${id}`],
    ['a watch link with a start time after the id', `https://www.youtube.com/watch?v=${id}&t=30s`],
    ['a watch link with the id after other parameters', `https://www.youtube.com/watch?feature=share&v=${id}&list=PL9tY0BWXOZFu`],
    ['a mobile watch link', `https://m.youtube.com/watch?v=${id}`],
    ['a YouTube Music link', `https://music.youtube.com/watch?v=${id}&si=abc`],
    ['a short link', `https://youtu.be/${id}`],
    ['a short link with a share tracker and a start time', `https://youtu.be/${id}?si=Xy12_ab&t=42`],
    ['a shorts link', `https://www.youtube.com/shorts/${id}`],
    ['a shorts link with a share parameter', `https://youtube.com/shorts/${id}?feature=share`],
    ['an embed link', `https://www.youtube.com/embed/${id}?start=10`],
    ['a privacy-enhanced embed link', `https://www.youtube-nocookie.com/embed/${id}`],
    ['a live link', `https://www.youtube.com/live/${id}`],
    ['a plain http link', `http://www.youtube.com/watch?v=${id}`],
    ['an upper-case host', `https://WWW.YOUTUBE.COM/watch?v=${id}`],
    ['a link pasted with surrounding spaces', `  https://youtu.be/${id}  `],
  ])('finds the id in %s', (_shape, link) => {
    expect(youtubeVideoId(link)).toBe(id);
  });

  it('keeps ids with dashes and underscores intact', () => {
    expect(youtubeVideoId('https://youtu.be/a-b_c-d_e-f')).toBe('a-b_c-d_e-f');
  });

  it.each([
    ['a Vimeo link', 'https://vimeo.com/76979871'],
    ['another site using the watch?v= shape', `https://example.com/watch?v=${id}`],
    ['a look-alike host ending in a foreign domain', `https://www.youtube.com.evil.example/watch?v=${id}`],
    ['a host hidden behind user info', `https://www.youtube.com@evil.example/watch?v=${id}`],
    ['a youtu.be path on another host', `https://evil.example/youtu.be/${id}`],
    ['a channel page', 'https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw'],
    ['the YouTube home page', 'https://www.youtube.com/'],
    ['a watch link without an id', 'https://www.youtube.com/watch?v='],
    ['a shorts link without an id', 'https://www.youtube.com/shorts/'],
    ['a javascript: URL naming YouTube', `javascript://www.youtube.com/watch?v=${id}%0Aalert(1)`],
    ['a javascript: URL', 'javascript:alert(document.cookie)'],
    ['a data: URL', `data:text/html,https://youtu.be/${id}`],
    ['an ftp link to YouTube', `ftp://www.youtube.com/watch?v=${id}`],
    ['a link without a scheme', `www.youtube.com/watch?v=${id}`],
    ['text that is not a link', 'my favourite video'],
    ['an empty string', ''],
  ])('refuses %s', (_shape, link) => {
    expect(youtubeVideoId(link)).toBeNull();
  });

  it.each([
    ['ten characters', 'dQw4w9WgXc'],
    ['twelve characters', 'dQw4w9WgXcQQ'],
    ['a character outside the id alphabet', 'dQw4w9WgXc!'],
    ['an encoded space', 'dQw4w9W%20cQ'],
  ])('refuses an id of %s', (_why, badId) => {
    expect(youtubeVideoId(`https://www.youtube.com/watch?v=${badId}`)).toBeNull();
    expect(youtubeVideoId(`https://youtu.be/${badId}`)).toBeNull();
    expect(youtubeVideoId(`https://www.youtube.com/shorts/${badId}`)).toBeNull();
  });

  it('answers null for a missing link', () => {
    expect(youtubeVideoId(null)).toBeNull();
    expect(youtubeVideoId(undefined)).toBeNull();
  });
});

describe('videoEmbedUrl', () => {
  it.each([`https://www.youtube.com/watch?v=${id}&t=30s`, `https://youtu.be/${id}`, `https://youtube.com/shorts/${id}`, `https://m.youtube.com/watch?v=${id}`])(
    'turns %s into the privacy-enhanced embed URL',
    (link) => {
      expect(videoEmbedUrl(link)).toBe(embed);
    },
  );

  it('gives no embed for links it does not recognise', () => {
    expect(videoEmbedUrl('https://vimeo.com/76979871')).toBeNull();
    expect(videoEmbedUrl('javascript:alert(1)')).toBeNull();
    expect(videoEmbedUrl(null)).toBeNull();
  });
});

describe('isRecognisedVideoLink', () => {
  it('accepts exactly the links that have an embed', () => {
    expect(isRecognisedVideoLink(`https://youtu.be/${id}`)).toBe(true);
    expect(isRecognisedVideoLink('https://vimeo.com/76979871')).toBe(false);
    expect(isRecognisedVideoLink('')).toBe(false);
  });
});
