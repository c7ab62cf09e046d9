import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../src/client/locales/en/admin.json' with { type: 'json' };
import fa from '../../src/client/locales/fa/admin.json' with { type: 'json' };
import { scheduledPublication } from '../../src/shared/audit-actions.ts';
import { allProcedures } from '../setup/procedure-walk.ts';

const serverDir = path.resolve(import.meta.dirname, '../../src/server');
const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });

/**
 * The actions of every recordAudit call in src/server, read from its source: a string literal, a
 * constant of the same file holding one, or scheduledPublication's. `path` is the procedure's own
 * path (the signed-in procedures' middleware), which the router walk below gives.
 */
function fixedActions(): { actions: Set<string>; byPath: number } {
  const actions = new Set<string>();
  let byPath = 0;
  for (const file of sourceFiles(serverDir)) {
    const source = fs.readFileSync(file, 'utf8');
    for (const call of source.matchAll(/recordAudit\(/g)) {
      if (source.slice(call.index - 'function '.length, call.index) === 'function ') continue;
      const expression = /action:\s*([^,}\n]+)/.exec(source.slice(call.index, call.index + 600))?.[1]?.trim();
      const where = `${path.relative(serverDir, file)}: recordAudit(… action: ${expression})`;
      const literals = [...(expression ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1]!);
      const named = [...(expression ?? '').matchAll(/scheduledPublication\.(\w+)/g)].map(
        (match) => scheduledPublication[match[1] as keyof typeof scheduledPublication],
      );
      const constant = /^[A-Z_]+$/.test(expression ?? '') ? new RegExp(`const ${expression} = '([^']+)'`).exec(source)?.[1] : undefined;
      const found = [...literals, ...named, ...(constant ? [constant] : [])];
      if (expression === 'path') byPath++;
      else expect(found.length, `an action this test cannot read: ${where}`).toBeGreaterThan(0);
      for (const action of found) actions.add(action);
    }
  }
  return { actions, byPath };
}

/** Every action the server can write to the activity log. */
function everyAction(): string[] {
  const { actions, byPath } = fixedActions();
  expect(byPath, 'the signed-in procedures record their own path').toBe(1);
  // src/server/trpc/procedures.ts: every successful signed-in mutation but auth.*, which record their own.
  for (const procedure of allProcedures)
    if (procedure.type === 'mutation' && procedure.guarded && !procedure.path.startsWith('auth.')) actions.add(procedure.path);
  return [...actions].sort();
}

describe('the activity log speaks both languages', () => {
  const actions = everyAction();

  it('finds the actions recorded outside procedures too', () => {
    expect(actions).toEqual(
      expect.arrayContaining(['auth.login', 'auth.loginFailed', 'auth.logout', 'setup.createAdmin', 'publication.post', 'publication.legal']),
    );
    expect(actions).toEqual(expect.arrayContaining(['news.create', 'contacts.open', 'revisions.restore']));
  });

  it.each([
    ['en', en],
    ['fa', fa],
  ] as const)('has a section and a verb for every action (%s)', (_language, texts) => {
    const sections = texts.audit.sections as Record<string, string>;
    const verbs = texts.audit.verbs as Record<string, string>;
    const missing = actions.filter((action) => {
      const [section = '', verb = ''] = action.split('.');
      return !sections[section] || !verbs[verb];
    });
    expect(missing).toEqual([]);
  });

  it('names the scheduler in both languages', () => {
    expect(en.audit.scheduler).toBe('The scheduler');
    expect(fa.audit.scheduler).toBe('زمان‌بند');
  });
});
