import { loadOnFirstUse } from '../load-on-first-use.ts';

/**
 * Argon2 (a native module) is loaded with the first password hashed or checked: a web process
 * that only serves readers never needs it, and loaded at start it kept its module and library in
 * every process.
 */
const loadArgon2 = loadOnFirstUse(() => import('@node-rs/argon2'));

// OWASP's Argon2id baseline (19 MiB, 2 passes): strong, yet quick enough for a small server.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash of a throwaway password: verifying against it costs as much as a real check, so unknown e-mails take as long as wrong passwords. */
let dummyHash: Promise<string> | undefined;
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('timing-equaliser-password');
  return dummyHash;
}
