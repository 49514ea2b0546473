import { z } from 'zod';
import { emailSchema, passwordSchema } from '../../../common/schemas/auth.js';

/*
 * Request bodies of the recovery routes. Plain JSON as the forms send it; the same fields wrapped
 * as a JSON:API document (`data.attributes`) are read too, like the headline tools do. Pointers
 * name the plain field (`/email`, `/password`).
 */
const unwrap = (v: unknown) => {
  const attrs = (v as { data?: { attributes?: unknown } } | null)?.data?.attributes;
  return attrs && typeof attrs === 'object' ? attrs : v;
};

/** POST p/password_reset: `{ email }`. */
export const passwordResetRequestBody = z.preprocess(unwrap, z.object({ email: emailSchema }));

/** POST p/password_reset/{token}: `{ password }` under the sign-up's rules. */
export const passwordResetBody = z.preprocess(unwrap, z.object({ password: passwordSchema }));

/**
 * A token as it appears in a link (32 random bytes in base64url: 43 characters). Anything else
 * simply finds no row and answers 404; the router already refuses parameters over 100 characters.
 */
export const tokenParams = z.object({ token: z.string().max(100) });

/** The neutral answer of POST p/password_reset and POST verify_email. */
export const acceptedDocument = z.object({ meta: z.object({ message: z.string() }) });

/** POST p/verify_email/{token}: the address now confirmed. */
export const verifiedDocument = z.object({
  data: z.object({ type: z.literal('email_verification'), id: z.string(), attributes: z.object({ email: z.string(), verified_at: z.string() }) }),
  meta: z.object({ message: z.string() }),
});
