import { defineConfig } from 'drizzle-kit';

// PostgreSQL migrations, made from the same table definitions as SQLite's (src/server/db/schema-pg.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema-pg.ts',
  out: './migrations-pg',
});
