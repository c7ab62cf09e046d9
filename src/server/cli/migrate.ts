// npm run db:migrate — applies the committed migrations to DATABASE_URL (the server also does this at start).
import { cliDeps } from './context.ts';

const { db, env } = await cliDeps();
await db.close();
console.log(`Database ${env.DATABASE_URL} is up to date.`);
