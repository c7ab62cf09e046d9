export * from './common.ts';
export * from './content.ts';
export * from './gallery.ts';
export * from './legal.ts';
export * from './stories.ts';
export * from './contacts.ts';
export * from './newsletter.ts';
export * from './users.ts';
