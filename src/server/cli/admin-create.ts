// npm run admin:create [-- --name "Name" --email a@b.org] — creates an administrator.
// The password is read from ADMIN_PASSWORD, or asked for without echo on a terminal.
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { z } from 'zod';
import { createAdmin } from '../auth/bootstrap.ts';
import { createUserInput } from '../../shared/schemas/users.ts';
import { fieldErrorsOf } from '../../shared/messages.ts';
import { users } from '../db/schema.ts';
import { eq } from 'drizzle-orm';
import { cliDeps } from './context.ts';

const { values } = parseArgs({ options: { name: { type: 'string' }, email: { type: 'string' } } });

async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) throw new Error(`${question.trim()} is needed: pass it as an option or in the environment.`);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Echo nothing while the password is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.includes(question)) process.stdout.write(s);
    };
  }
  const answer = await rl.question(question);
  rl.close();
  if (hidden) process.stdout.write('\n');
  return answer;
}

const deps = await cliDeps();
try {
  const name = values.name ?? process.env.ADMIN_NAME ?? (await ask('Name: '));
  const email = values.email ?? process.env.ADMIN_EMAIL ?? (await ask('E-mail: '));
  const password = process.env.ADMIN_PASSWORD || (await ask('Password (10 characters or more): ', true));
  const parsed = createUserInput.safeParse({ name, email, password, role: 'admin' });
  if (!parsed.success) {
    for (const [field, list] of Object.entries(fieldErrorsOf(parsed.error.issues, 'en'))) console.error(`${field}: ${list.join(' ')}`);
    process.exitCode = 1;
  } else if ((await deps.db.select({ id: users.id }).from(users).where(eq(users.email, parsed.data.email)).limit(1)).length) {
    console.error(`A user with the e-mail ${parsed.data.email} already exists.`);
    process.exitCode = 1;
  } else {
    const created = await createAdmin(deps.db, parsed.data);
    console.log(`Administrator ${created.email} created.`);
  }
} catch (error) {
  console.error(error instanceof z.ZodError ? error.message : (error as Error).message);
  process.exitCode = 1;
} finally {
  await deps.db.close();
}
