import { z } from 'zod';
import { MSG } from '../messages.js';
import { LIMITS } from '../limits.js';
import { emailSchema, passwordSchema, userNameSchema } from './auth.js';
import { brandNameSchema } from './clients.js';
import { organizationNameSchema } from './organizations.js';
import { projectNameSchema } from './projects.js';

/** Wizard step "Account": the form the user fills (with confirm and terms). */
export const signupAccountForm = z
  .object({
    user_username: userNameSchema,
    user_email: emailSchema,
    user_password: passwordSchema,
    confirm_user_password: z.string(),
    terms: z.boolean().refine((v) => v, MSG.validation.terms),
  })
  .refine((v) => v.user_password === v.confirm_user_password, {
    message: MSG.validation.passwordsMismatch,
    path: ['confirm_user_password'],
  });

export const signupOrganizationForm = z.object({
  organization_name: organizationNameSchema,
  brand_name: brandNameSchema,
});

const optionalKeywords = z.string().trim().max(500).optional().or(z.literal(''));

export const signupProjectForm = z.object({
  project_name: projectNameSchema,
  article_keywords: optionalKeywords.refine(
    (v) => !v || v.length >= LIMITS.alertKeywords.min,
    MSG.validation.alertKeywords,
  ),
  youtube_keyword: optionalKeywords.refine((v) => !v || v.length >= LIMITS.feedKeyword.min, MSG.validation.feedKeyword),
  twitch_keyword: optionalKeywords.refine((v) => !v || v.length >= LIMITS.feedKeyword.min, MSG.validation.feedKeyword),
  twitch_game_id: z.string().max(50).optional().or(z.literal('')),
});

/** POST p/free_user (spec 001 §7 "Free sign-up"). `altcha` carries the solved proof-of-work. */
export const freeUserBody = z.object({
  name: userNameSchema,
  email: emailSchema,
  password: passwordSchema,
  organization_name: organizationNameSchema,
  client_name: brandNameSchema,
  project_name: projectNameSchema,
  article_alert: z
    .object({ name: z.string().trim().max(100).optional(), keywords: z.string().trim().min(LIMITS.alertKeywords.min, MSG.validation.alertKeywords).max(500) })
    .optional(),
  youtube_alert: z.object({ keyword: z.string().trim().min(LIMITS.feedKeyword.min, MSG.validation.feedKeyword).max(200) }).optional(),
  twitch_alert: z
    .object({
      keyword: z.string().trim().min(LIMITS.feedKeyword.min, MSG.validation.feedKeyword).max(200),
      game_id: z.string().trim().min(1).max(50),
    })
    .optional(),
  altcha: z.string({ error: MSG.validation.captcha }).min(1, MSG.validation.captcha).max(4000),
});
export type FreeUserBody = z.infer<typeof freeUserBody>;

/** POST p/new_user (invite sign-up): type new_user, attributes invite_key, name, picture, password, email, roles. */
export const inviteUserBody = z.object({
  data: z.object({
    type: z.literal('new_user'),
    attributes: z.object({
      invite_key: z.string().min(10).max(100),
      name: userNameSchema,
      email: emailSchema,
      password: passwordSchema,
      picture: z.string().max(500).nullable().optional(),
      roles: z.array(z.string()).max(5).optional(),
    }),
  }),
});
