import { z } from 'zod';
import { MSG } from '../messages.js';
import { LIMITS } from '../limits.js';
import { emailSchema, passwordSchema, userNameSchema } from './auth.js';
import { brandNameSchema } from './clients.js';
import { organizationNameSchema } from './organizations.js';
import { projectNameSchema } from './projects.js';
import { typedTermsToKeywords } from '../query/simple.js';
import { alertKeywordsProblem } from './alerts.js';

/** Wizard step "Account": the form the user fills (with confirm and terms). */
export const signupAccountForm = z
  .object({
    user_username: userNameSchema,
    user_email: emailSchema,
    user_password: passwordSchema,
    confirm_user_password: z.string().min(1, MSG.validation.confirmPasswordRequired),
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

/**
 * Why the sign-up's article-alert keywords (typed names, read by typedTermsToKeywords) cannot
 * make an alert, or null: the length rule on what was typed, then the query language's error.
 */
export function signupKeywordsProblem(typed: string): string | null {
  const v = typed.trim();
  if (v.length < LIMITS.alertKeywords.min) return MSG.validation.alertKeywords;
  return alertKeywordsProblem(typedTermsToKeywords(v));
}

export const signupProjectForm = z.object({
  project_name: projectNameSchema,
  article_keywords: optionalKeywords.superRefine((v, ctx) => {
    const problem = v ? signupKeywordsProblem(v) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  youtube_keyword: optionalKeywords.refine((v) => !v || v.length >= LIMITS.feedKeyword.min, MSG.validation.feedKeyword),
  twitch_keyword: optionalKeywords.refine((v) => !v || v.length >= LIMITS.feedKeyword.min, MSG.validation.feedKeyword),
  twitch_game_id: z.string().max(50).optional().or(z.literal('')),
});

/**
 * POST p/free_user/alert_preview: what the sign-up's article alert would find. `keywords` are
 * read as p/free_user reads article_alert.keywords (typed names); `altcha` is the solution the
 * wizard holds for the sign-up (checked, not spent).
 */
export const signupAlertPreviewBody = z.object({
  keywords: z
    .string({ error: MSG.validation.alertKeywords })
    .max(500)
    .superRefine((v, ctx) => {
      const problem = signupKeywordsProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  altcha: z.string({ error: MSG.validation.captcha }).min(1, MSG.validation.captcha).max(4000),
});

/**
 * POST p/free_user (spec 001 §7 "Free sign-up"). `altcha` carries the solved proof-of-work.
 * `article_alert.keywords` are what the person typed: names, comma-separated, each matched as
 * a phrase (typedTermsToKeywords), never the advanced syntax.
 */
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
