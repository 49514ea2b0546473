import { decide, type Action, type ContextArgs, type ContextOf, type LimitedAction, type Refused, type Subject } from '../../common/policy.js';
import { AppError, errorObject, type ErrorObject } from './errors.js';

/*
 * The one place a refusal of the policy (common/policy.ts) becomes an error: hidden → 404, plan →
 * 403 `plan_limit` (or the action's own code), role → 403, with the policy's detail and, where the
 * request names the field that asked for it, its pointer. Nothing else builds a `plan_limit`.
 */

/** Where the refusal points (`/data/attributes/slack_tracking`), besides the action's context. */
type At = { at?: string };
type AuthorizeArgs<A extends Action> = A extends LimitedAction ? [context: ContextOf<A> & At] : [context?: ContextOf<A> & At];

/** The error a refusal answers with. */
export function refusalError(refused: Refused, at?: string): AppError {
  return new AppError(refused.code, refused.message, at);
}

/**
 * Throws the refusal's error unless `subject` may do `action`; returns the subject, so a handler
 * reads `const auth = authorize(memberOf(req), 'notify.slack')` (an action the route's declaration
 * cannot check first, server/http/access.ts). Limited actions take the count the caller read (in
 * the transaction that holds the organization's lock, for writes).
 */
export function authorize<S extends Subject, A extends Action>(subject: S, action: A, ...[context]: AuthorizeArgs<A>): S {
  const decision = decide(subject, action, ...([context] as ContextArgs<A>));
  if (!decision.allowed) throw refusalError(decision, context?.at);
  return subject;
}

/**
 * Notification channels a request switches on need their plan flags (001 §6): Slack fields
 * `notify.slack`, Discord fields `notify.discord`. Each channel is given by the pointer of the
 * field that switches it on, or null when the request does not; Slack is checked first.
 */
export function authorizeChannels(subject: Subject, channels: { slack: string | null; discord: string | null }): void {
  if (channels.slack !== null) authorize(subject, 'notify.slack', { at: channels.slack });
  if (channels.discord !== null) authorize(subject, 'notify.discord', { at: channels.discord });
}

/** The channels a feed's webhook fields switch on, at those fields (YouTube and Twitch feeds). */
export function webhookChannels(body: { slack_webhook_url?: string | null; discord_webhook_url?: string | null }, pointer: (field: string) => string) {
  return {
    slack: body.slack_webhook_url ? pointer('slack_webhook_url') : null,
    discord: body.discord_webhook_url ? pointer('discord_webhook_url') : null,
  };
}

/**
 * A refused action asked for through query parameters (a filter the organization does not have):
 * a 400 `bad_request` at each parameter, to report with the request's other bad parameters.
 */
export function parameterRefusals<A extends Action>(subject: Subject, action: A, parameters: string[], ...context: ContextArgs<A>): ErrorObject[] {
  const decision = decide(subject, action, ...context);
  if (decision.allowed) return [];
  return parameters.map((parameter) => errorObject('bad_request', decision.message, { parameter }));
}
