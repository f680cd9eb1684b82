import { z } from 'zod';
import { personalBestSchema } from './pbs.js';

/** GET /v1/pbs/user/{username}: what anyone may see of a person. Never the e-mail or tier. */
export const publicUserSchema = z.object({
  displayName: z.string(),
  bio: z.string(),
  profileImage: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const publicPbSchema = personalBestSchema.pick({
  id: true,
  title: true,
  category: true,
  value: true,
  displayValue: true,
  amount: true,
  unit: true,
  date: true,
  achievedOn: true,
  sets: true,
  reps: true,
  story: true,
  image: true,
  mediaType: true,
  media: true,
  // The badge says only that an older record was beaten. `improvement` stays the owner's: its
  // previous best (and the change, being the value minus it) is history, which is never public.
  newPbUntil: true,
});
export type PublicPb = z.infer<typeof publicPbSchema>;

export const publicProfileSchema = z.object({
  user: publicUserSchema,
  pbs: z.array(publicPbSchema),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
