import { z } from 'zod';
import { email } from './common.ts';

export const subscribeInput = z.object({ email });
