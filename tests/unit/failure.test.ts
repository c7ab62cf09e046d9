import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { failureKind, failureMessage, RequestFailure } from '../../src/client/lib/failure.ts';
import enCommon from '../../src/client/locales/en/common.json' with { type: 'json' };

const serverAnswer = (httpStatus: number, message: string) =>
  TRPCClientError.from({ error: { message, code: -32600, data: { code: 'BAD_REQUEST', httpStatus } } } as never);

describe('what went wrong with a request', () => {
  it('tells apart no answer, no answer in time, a foreign error page, a server fault and our own refusal', () => {
    expect(failureKind(TRPCClientError.from(new TypeError('Failed to fetch')))).toBe('network');
    expect(failureKind(TRPCClientError.from(new DOMException('signal timed out', 'TimeoutError')))).toBe('timeout');
    expect(failureKind(TRPCClientError.from(new SyntaxError("Unexpected token '<', \"<html>\" is not valid JSON")))).toBe('proxy');
    expect(failureKind(serverAnswer(500, 'SQLITE_BUSY: database is locked'))).toBe('server');
    expect(failureKind(serverAnswer(429, 'Too many attempts.'))).toBeNull();
    expect(failureKind(new RequestFailure('upload', 'connection reset'))).toBe('upload');
    expect(failureKind(new TypeError('Failed to fetch dynamically imported module'))).toBe('network');
  });

  it('shows our server’s own sentence, and for everything else a translated one, never the technical text', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = (key: string) => {
      const [, group, name] = key.match(/^common:(\w+)\.(\w+)$/)!;
      return (enCommon as unknown as Record<string, Record<string, string>>)[group!]![name!]!;
    };
    expect(failureMessage(serverAnswer(429, 'Too many attempts.'), t)).toBe('Too many attempts.');
    expect(failureMessage(TRPCClientError.from(new SyntaxError("Unexpected token '<'")), t)).toBe(enCommon.failure.proxy);
    expect(failureMessage(serverAnswer(500, 'SQLITE_BUSY'), t)).toBe(enCommon.failure.server);
    // The details go to the console for whoever debugs it.
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
