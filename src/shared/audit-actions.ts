/**
 * What the scheduler writes to the activity log when it publishes a scheduled item: no person did
 * it, so the log names the scheduler instead of an account (src/server/publication/scheduler.ts).
 */
export const scheduledPublication = { post: 'publication.post', legal: 'publication.legal' } as const;

export const isScheduledPublication = (action: string) => action === scheduledPublication.post || action === scheduledPublication.legal;
