import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';

export const emailSchema = z
  .string({ error: MSG.validation.emailRequired })
  .trim()
  .min(1, MSG.validation.emailRequired)
  .max(254, MSG.validation.emailInvalid)
  .pipe(z.email({ error: MSG.validation.emailInvalid }))
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string({ error: MSG.validation.passwordRequired })
  .min(1, MSG.validation.passwordRequired)
  .min(LIMITS.password.min, MSG.validation.passwordLength)
  .max(LIMITS.password.max, MSG.validation.passwordLength);

export const userNameSchema = z
  .string({ error: MSG.validation.nameRequired })
  .trim()
  .min(1, MSG.validation.nameRequired)
  .min(LIMITS.userName.min, MSG.validation.nameLength)
  .max(LIMITS.userName.max, MSG.validation.nameLength);

export const loginBody = z.object({
  email: emailSchema,
  password: z.string({ error: MSG.validation.passwordRequired }).min(1, MSG.validation.passwordRequired).max(LIMITS.password.max),
  /** A solved proof-of-work (GET p/captcha), asked for once the address is past its failure limits. */
  altcha: z.string().max(10_000).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The answer of POST auth/login: the bearer token and when it expires (the route's response schema). */
export const sessionDocument = z.object({
  data: z.object({ type: z.literal('session'), attributes: z.object({ token: z.string(), expires_at: z.string() }) }),
});
export type SessionDocument = z.infer<typeof sessionDocument>;
