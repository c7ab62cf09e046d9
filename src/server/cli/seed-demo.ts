// npm run db:seed-demo [-- --force] — fills an empty site with bilingual demo content.
import { seedDemo } from '../db/demo-seed.ts';
import { cliDeps } from './context.ts';

const deps = await cliDeps();
try {
  const result = await seedDemo(deps, { force: process.argv.includes('--force') });
  console.log(
    `Demo content added: ${result.news} news, ${result.articles} articles, ${result.reports} reports, ${result.gallery} gallery items, ${result.legal} legal items, ${result.stories} stories.`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await deps.db.close();
}
