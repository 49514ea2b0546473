import { trialDaysLeft } from '../../../common/plans.js';

/** The trial e-mails, in the order a trial meets them. */
export const TRIAL_NOTICE_KINDS = ['three_days', 'last_day', 'expired'] as const;
export type TrialNoticeKind = (typeof TRIAL_NOTICE_KINDS)[number];

/** How an admin upgrades on this installation, from its configuration. */
export interface UpgradePath {
  /** PUBLIC_URL: the e-mail links to the settings page, where the Upgrade button is. */
  publicUrl?: string;
  /** Stripe configured: admins pay in the app; otherwise they write to `contactEmail`. */
  checkoutEnabled: boolean;
  contactEmail: string;
}

export interface TrialMailInput {
  kind: TrialNoticeKind;
  organizationName: string;
  recipientName: string;
  trialEndsAt: Date;
  now: Date;
  upgrade: UpgradePath;
}

export interface TrialMail {
  subject: string;
  text: string;
  html: string;
}

const DAY_MS = 86_400_000;

/** "Friday 27 November 2026" (UTC: the server's clock, not the reader's, decides the end). */
export function formatTrialDate(d: Date): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d).replace(',', '');
}

/** "14:00 UTC" */
const formatTime = (d: Date) => `${d.toISOString().slice(11, 16)} UTC`;

/** The settings page (where the Upgrade button is), also when Coverwatch is served under a path. */
const settingsUrl = (publicUrl: string) => new URL('settings', publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).href;

const sameUtcDay = (a: Date, b: Date) => a.toISOString().slice(0, 10) === b.toISOString().slice(0, 10);

/** Organization and person names are user input: they reach the HTML part only escaped. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function subjectOf(input: TrialMailInput): string {
  switch (input.kind) {
    case 'three_days': {
      const days = trialDaysLeft(input.trialEndsAt, input.now);
      return `Your Coverwatch trial ends in ${days} ${days === 1 ? 'day' : 'days'}`;
    }
    case 'last_day':
      return sameUtcDay(input.trialEndsAt, input.now) ? 'Your Coverwatch trial ends today' : 'Your Coverwatch trial ends tomorrow';
    case 'expired':
      return 'Your Coverwatch trial has ended';
  }
}

/**
 * The body as paragraphs of parts: plain strings are our text, `{ user }` is user input and
 * `{ link }` an address. Rendered twice (text and HTML) so the two never say different things.
 */
type Part = string | { user: string; strong?: boolean } | { link: string; label?: string };
type Paragraph = Part[];

function paragraphsOf(input: TrialMailInput): Paragraph[] {
  const { kind, trialEndsAt, now, upgrade } = input;
  const org = { user: input.organizationName, strong: true };
  const when = `${formatTrialDate(trialEndsAt)} at ${formatTime(trialEndsAt)}`;
  const hoursLeft = Math.max(1, Math.ceil((trialEndsAt.getTime() - now.getTime()) / 3_600_000));
  const left = kind === 'three_days' ? `${trialDaysLeft(trialEndsAt, now)} days` : hoursLeft < 24 ? `${hoursLeft} hours` : '1 day';

  const opening: Paragraph =
    kind === 'expired' ? ['The free trial of ', org, ` ended on ${when}.`] : ['The free trial of ', org, ` ends on ${when}: ${left} left.`];
  const consequence: Paragraph =
    kind === 'expired'
      ? [
          'The workspace is closed until the organization chooses a plan. Nothing has been deleted: your projects, reports, alerts and saved coverage are kept, and everything is back as soon as you upgrade.',
        ]
      : [
          'When the trial ends the workspace closes until the organization chooses a plan. Nothing is deleted: your projects, reports, alerts and saved coverage are kept, and everything is back as soon as you upgrade.',
        ];

  const how: Paragraph = !upgrade.checkoutEnabled
    ? [
        `To ${kind === 'expired' ? 'reopen the workspace' : 'keep using Coverwatch'}, write to `,
        { link: `mailto:${upgrade.contactEmail}`, label: upgrade.contactEmail },
        ' and we will set up your plan.',
      ]
    : upgrade.publicUrl
      ? [`To ${kind === 'expired' ? 'reopen the workspace' : 'keep using Coverwatch'}, choose a plan here: `, { link: settingsUrl(upgrade.publicUrl) }]
      : [`To ${kind === 'expired' ? 'reopen the workspace' : 'keep using Coverwatch'}, open Coverwatch and choose Upgrade.`];

  return [['Hello ', { user: input.recipientName }, ','], opening, consequence, how, ['Thank you for trying Coverwatch.']];
}

const partText = (p: Part) => (typeof p === 'string' ? p : 'user' in p ? p.user : (p.label ?? p.link));

function partHtml(p: Part): string {
  if (typeof p === 'string') return escapeHtml(p);
  if ('user' in p) return p.strong ? `<strong>${escapeHtml(p.user)}</strong>` : escapeHtml(p.user);
  return `<a href="${escapeHtml(p.link)}">${escapeHtml(p.label ?? p.link)}</a>`;
}

/** The e-mail an admin of a trial organization receives for `kind` (sent once per trial end). */
export function renderTrialMail(input: TrialMailInput): TrialMail {
  const paragraphs = paragraphsOf(input);
  return {
    subject: subjectOf(input),
    text: `${paragraphs.map((p) => p.map(partText).join('')).join('\n\n')}\n`,
    html: paragraphs.map((p) => `<p>${p.map(partHtml).join('')}</p>`).join('\n'),
  };
}

/**
 * Which reminder a running trial is due at `now`: `three_days` while it ends in more than a day
 * and at most three, `last_day` in its last 24 hours, none otherwise (too early, or already over:
 * the expiry takes it from there).
 */
export function dueReminder(trialEndsAt: Date, now: Date): Exclude<TrialNoticeKind, 'expired'> | null {
  const left = trialEndsAt.getTime() - now.getTime();
  if (left <= 0 || left > 3 * DAY_MS) return null;
  return left > DAY_MS ? 'three_days' : 'last_day';
}
