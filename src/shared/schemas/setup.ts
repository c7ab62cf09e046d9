import { z } from 'zod';
import { createUserInput } from './users.ts';

export const setupAdminInput = createUserInput.omit({ role: true }).extend({
  token: z.string().trim().min(1, 'required').max(200),
});
