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
  // No keyword (or ''): every live stream of the game (a game-wide feed, issue 30).
  twitch_alert: z
    .object({
      keyword: z
        .string()
        .trim()
        .max(200)
        .refine((v) => v === '' || v.length >= LIMITS.feedKeyword.min, MSG.validation.feedKeyword)
        .optional(),
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

// Response documents of the public sign-up routes: each route declares its answer with these, the web reads their types.

/** What became of one alert the free sign-up was asked to set up. */
export const signupFeedOutcome = z.object({ status: z.enum(['PENDING', 'ACTIVE', 'FAILED', 'SKIPPED']), reason: z.string() });
export type SignupFeedOutcome = z.infer<typeof signupFeedOutcome>;

/** The answer of POST p/free_user: the session of the new account and the outcome of each alert. */
export const freeUserCreatedDocument = z.object({
  status: z.literal('OK'),
  message: z.string(),
  data: z.object({
    user: z.object({ status: z.literal('OK'), id: z.string(), email: z.string(), token: z.string(), expires_at: z.string() }),
    feeds: z.object({ articles: signupFeedOutcome, videos: signupFeedOutcome, streams: signupFeedOutcome }),
  }),
});
export type FreeUserCreated = z.infer<typeof freeUserCreatedDocument>;

/** GET p/free_user/preview: Twitch games for the stream alert. */
export const signupGamesDocument = z.object({ data: z.array(z.object({ id: z.string(), name: z.string(), box_art_url: z.string() })) });
export type SignupGame = z.infer<typeof signupGamesDocument>['data'][number];

/** GET p/free_user/options: what this server can set up at sign-up (Twitch needs its credentials). */
export const signupOptionsDocument = z.object({ data: z.object({ twitch: z.object({ available: z.boolean(), reason: z.string().nullable() }) }) });
export type SignupOptions = z.infer<typeof signupOptionsDocument>['data'];

/** The user of POST p/new_user (`type: 'user'`): joined the invitation's organization, with a session token. */
export const invitedUserAttributesSchema = z.object({
  status: z.literal('OK'),
  email: z.string(),
  token: z.string(),
  expires_at: z.string(),
});
export type InvitedUserAttributes = z.infer<typeof invitedUserAttributesSchema>;
