import { openAndMigrate, sqliteOf } from '../src/server/db/client.ts';

/**
 * Writes `count` news items straight into a fresh SQLite database (one transaction, one prepared
 * statement), with realistic lengths and spread dates, so list latency can be measured at scale.
 */
export async function fillNews(file: string, count: number, imagePath: string): Promise<void> {
  const db = await openAndMigrate(file);
  const { writer } = sqliteOf(db);
  const now = Date.now();
  const body = 'Women describe the pressure they face and the choices they still make. '.repeat(12);
  const bodyFa = 'زنان از فشاری که با آن روبه‌رو هستند و انتخاب‌هایی که همچنان می‌کنند می‌گویند. '.repeat(12);
  try {
    await db.transaction(async () => {
      const insert = writer.prepare(
        `INSERT INTO posts (kind, title_en, title_fa, description_en, description_fa, image, category, country, created_at, updated_at)
         VALUES ('news', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (let i = 0; i < count; i++) {
        const at = now - i * 60_000;
        insert.run(
          `News item ${i}: women's rights`,
          `خبر ${i}: حقوق زنان`,
          body,
          bodyFa,
          imagePath,
          i % 7 === 0 ? 'top' : null,
          i % 2 ? 'iran' : 'afghanistan',
          at,
          at,
        );
      }
    });
    await db.exclusive(() => writer.pragma('wal_checkpoint(TRUNCATE)'));
  } finally {
    await db.close();
  }
}
