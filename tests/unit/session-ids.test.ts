import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { describe, expect, it } from 'vitest';
import { generateSessionToken, sessionIdOf } from '../../src/server/auth/sessions.ts';

describe('a session id', () => {
  it('is the SHA-256 of the token in lower-case hex (the published test vector)', () => {
    expect(sessionIdOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('is what the sessions stored before were named by, so nobody is signed out by an upgrade', () => {
    // The ids were made by @oslojs/crypto's SHA-256 of the token's UTF-8 bytes.
    for (let index = 0; index < 200; index++) {
      const token = generateSessionToken();
      expect(sessionIdOf(token)).toBe(encodeHexLowerCase(sha256(new TextEncoder().encode(token))));
    }
    const odd = 'ناشناس\u202e\ud800x';
    expect(sessionIdOf(odd)).toBe(encodeHexLowerCase(sha256(new TextEncoder().encode(odd))));
  });
});
