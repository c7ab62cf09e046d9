CREATE INDEX IF NOT EXISTS "gallery_written_en_idx" ON "gallery_items" USING btree ("created_at","id") WHERE "gallery_items"."name" <> '';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gallery_written_fa_idx" ON "gallery_items" USING btree ("created_at","id") WHERE "gallery_items"."name_fa" <> '';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "legal_written_en_idx" ON "legal_items" USING btree ("status","created_at","id") WHERE "legal_items"."title_en" <> '';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "legal_written_fa_idx" ON "legal_items" USING btree ("status","created_at","id") WHERE "legal_items"."title_fa" <> '';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_written_en_idx" ON "posts" USING btree ("kind","status","created_at","id") WHERE "posts"."title_en" <> '';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_written_en_category_idx" ON "posts" USING btree ("kind","status","category","created_at","id") WHERE "posts"."title_en" <> '';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_written_en_country_idx" ON "posts" USING btree ("kind","status","country","created_at","id") WHERE "posts"."title_en" <> '';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_written_en_category_country_idx" ON "posts" USING btree ("kind","status","category","country","created_at","id") WHERE "posts"."title_en" <> '';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_written_fa_idx" ON "posts" USING btree ("kind","status","created_at","id") WHERE "posts"."title_fa" <> '';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_written_fa_category_idx" ON "posts" USING btree ("kind","status","category","created_at","id") WHERE "posts"."title_fa" <> '';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_written_fa_country_idx" ON "posts" USING btree ("kind","status","country","created_at","id") WHERE "posts"."title_fa" <> '';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_written_fa_category_country_idx" ON "posts" USING btree ("kind","status","category","country","created_at","id") WHERE "posts"."title_fa" <> '';