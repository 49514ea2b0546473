import { apiFetch, ApiError, type JsonApiResource } from '../../../lib/api';
import { MSG } from '../../../../common/messages';
import type { AlertPreview } from '../../../../common/schemas/alerts';
import type { InviteAttributes } from '../../../../common/schemas/invites';
import type { FreeUserCreated, InvitedUserAttributes, SignupFeedOutcome, SignupGame, SignupOptions } from '../../../../common/schemas/signup';
import type { UploadAttributes } from '../../../../common/schemas/uploads';

/** The captcha challenge the widget fetches (docs/api.md: GET p/captcha). */
export const CAPTCHA_URL = '/api/p/captcha';

/** What became of one alert the sign-up asked for. */
export type FeedOutcome = SignupFeedOutcome;

export interface FreeUserRequest {
  name: string;
  email: string;
  password: string;
  organization_name: string;
  client_name: string;
  project_name: string;
  article_alert?: { name?: string; keywords: string };
  youtube_alert?: { keyword: string };
  /** keyword '': every live stream of the game. */
  twitch_alert?: { keyword: string; game_id: string };
  altcha: string;
}

export type FreeUserResult = FreeUserCreated;

/** POST p/free_user: creates the account and answers with a session token. */
export function createFreeUser(body: FreeUserRequest): Promise<FreeUserResult> {
  return apiFetch<FreeUserResult>('p/free_user', { method: 'POST', body, public: true });
}

export type Game = SignupGame;

/** GET p/free_user/preview: Twitch games for the stream alert. */
export async function searchGames(searchTerm: string, signal?: AbortSignal): Promise<Game[]> {
  const doc = await apiFetch<{ data: Game[] }>('p/free_user/preview', { query: { searchTerm }, public: true, signal });
  return doc.data;
}

/**
 * POST p/free_user/alert_preview: what the sign-up's article alert would find. `keywords` as
 * typed (the server reads them as the sign-up does); `altcha`: the wizard's solved captcha.
 */
export async function previewSignupAlert(keywords: string, altcha: string, signal?: AbortSignal): Promise<AlertPreview> {
  const doc = await apiFetch<{ data: AlertPreview }>('p/free_user/alert_preview', { method: 'POST', body: { keywords, altcha }, public: true, signal });
  return doc.data;
}

/** GET p/free_user/options: what this server can set up at sign-up (Twitch needs its credentials). */
export type { SignupOptions };

export async function fetchSignupOptions(signal?: AbortSignal): Promise<SignupOptions> {
  const doc = await apiFetch<{ data: SignupOptions }>('p/free_user/options', { public: true, signal });
  return doc.data;
}

/** What the sign-up page reads of an invitation; a damaged link may lack its expiry or organization (null then). */
export type Invite = Pick<InviteAttributes, 'key' | 'status'> & {
  expires: InviteAttributes['expires'] | null;
  organization: InviteAttributes['organization'] | null;
};

/** Why an invitation cannot be used: unknown, expired or revoked, or the call itself failed. */
export class InviteUnavailableError extends Error {
  constructor(readonly reason: 'invalid' | 'fetch') {
    super(reason === 'invalid' ? MSG.signup.inviteInvalid : MSG.signup.inviteFetch);
  }
}

/** GET p/ivs/{key}. An invite that is not active or has passed its expiry counts as invalid. */
export async function fetchInvite(key: string, signal?: AbortSignal): Promise<Invite> {
  // Read defensively: the page must explain a broken link rather than crash on it.
  let doc: { data: JsonApiResource<Partial<InviteAttributes>> | null };
  try {
    doc = await apiFetch(`p/ivs/${encodeURIComponent(key)}`, { public: true, signal });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 410)) throw new InviteUnavailableError('invalid');
    if ((err as Error).name === 'AbortError') throw err;
    throw new InviteUnavailableError('fetch');
  }
  const a = doc.data?.attributes;
  if (!a) throw new InviteUnavailableError('invalid');
  const invite: Invite = {
    key: a.key ?? doc.data!.id ?? key,
    status: a.status ?? 'active',
    expires: a.expires ?? null,
    organization: a.organization ? { id: String(a.organization.id), name: a.organization.name } : null,
  };
  const expired = invite.expires !== null && new Date(invite.expires).getTime() < Date.now();
  if (invite.status !== 'active' || expired) throw new InviteUnavailableError('invalid');
  return invite;
}

/** What the sign-up keeps of the uploaded avatar (the server's `upload` resource). */
export type Upload = Pick<UploadAttributes, 'url'>;

/** POST p/f/av: an avatar for someone signing up from an invitation. */
export async function uploadInviteAvatar(inviteKey: string, file: File): Promise<Upload> {
  const form = new FormData();
  // Fields before the file: the server reads them before it streams the image.
  form.append('invite_key', inviteKey);
  form.append('scope', 'avatar');
  form.append('description', 'Profile picture');
  form.append('image', file);
  const doc = await apiFetch<{ data: JsonApiResource<UploadAttributes> }>('p/f/av', { method: 'POST', body: form, public: true });
  return { url: doc.data.attributes.url };
}

export interface InvitedUserRequest {
  invite_key: string;
  name: string;
  email: string;
  password: string;
  picture: string | null;
}

export type InvitedUserResult = InvitedUserAttributes;

/** POST p/new_user: joins the invitation's organization; answers with a session token. */
export async function createInvitedUser(attributes: InvitedUserRequest): Promise<InvitedUserResult> {
  const doc = await apiFetch<{ data: JsonApiResource<InvitedUserResult> }>('p/new_user', {
    method: 'POST',
    public: true,
    body: { data: { type: 'new_user', attributes } },
  });
  return doc.data.attributes;
}

/** The message the "Something went wrong" modal shows for a failed account creation. */
export function creationFailureMessage(err: unknown): string {
  if (err instanceof ApiError && err.status > 0 && err.status < 500 && err.errors[0]?.detail) return err.errors[0].detail;
  return MSG.signup.createFailed;
}
