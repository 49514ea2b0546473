import type { FreeUserRequest } from '../api/signup-api';
import { schemaResolver, useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { signupAccountForm, signupOrganizationForm, signupProjectForm } from '../../../../common/schemas/signup';
import { MSG } from '../../../../common/messages';

export interface AccountValues {
  user_username: string;
  user_email: string;
  user_password: string;
  confirm_user_password: string;
  terms: boolean;
}
export interface OrganizationValues {
  organization_name: string;
  brand_name: string;
}
export interface ProjectValues {
  project_name: string;
  article_keywords: string;
  youtube_keyword: string;
  twitch_keyword: string;
  twitch_game_id: string;
}

export type AccountForm = UseFormReturnType<AccountValues>;
export type OrganizationForm = UseFormReturnType<OrganizationValues>;
export type ProjectForm = UseFormReturnType<ProjectValues>;

const accountResolver = schemaResolver(signupAccountForm, { sync: true });

/**
 * The account step. Zod skips the schema's "passwords match" refinement while another field
 * is invalid; checking it here too shows every problem of the step at once.
 */
function validateAccount(values: AccountValues): FormErrors {
  const errors = accountResolver(values);
  if (!errors.confirm_user_password && values.confirm_user_password !== values.user_password) errors.confirm_user_password = MSG.validation.passwordsMismatch;
  return errors;
}

export function useAccountForm(): AccountForm {
  return useForm<AccountValues>({
    initialValues: { user_username: '', user_email: '', user_password: '', confirm_user_password: '', terms: false },
    validate: validateAccount,
    validateInputOnBlur: true,
  });
}

export function useOrganizationForm(): OrganizationForm {
  return useForm<OrganizationValues>({
    initialValues: { organization_name: '', brand_name: '' },
    validate: schemaResolver(signupOrganizationForm, { sync: true }),
    validateInputOnBlur: true,
  });
}

export function useProjectForm(): ProjectForm {
  return useForm<ProjectValues>({
    initialValues: { project_name: '', article_keywords: '', youtube_keyword: '', twitch_keyword: '', twitch_game_id: '' },
    validate: schemaResolver(signupProjectForm, { sync: true }),
    validateInputOnBlur: true,
  });
}

/** Server field pointers (`/email`, `/client_name`, …) mapped to the wizard's fields. */
export const SERVER_FIELD_TO_FORM: Record<string, { form: 'account' | 'organization' | 'project'; field: string }> = {
  name: { form: 'account', field: 'user_username' },
  email: { form: 'account', field: 'user_email' },
  password: { form: 'account', field: 'user_password' },
  organization_name: { form: 'organization', field: 'organization_name' },
  client_name: { form: 'organization', field: 'brand_name' },
  project_name: { form: 'project', field: 'project_name' },
};

/** The body of POST p/free_user from the wizard's three forms and the captcha's solution. */
export function buildRequest(a: AccountValues, o: OrganizationValues, p: ProjectValues, altcha: string): FreeUserRequest {
  const article = p.article_keywords.trim();
  const youtube = p.youtube_keyword.trim();
  const twitch = p.twitch_keyword.trim();
  return {
    name: a.user_username.trim(),
    email: a.user_email.trim(),
    password: a.user_password,
    organization_name: o.organization_name.trim(),
    client_name: o.brand_name.trim(),
    project_name: p.project_name.trim(),
    article_alert: article ? { name: p.project_name.trim(), keywords: article } : undefined,
    youtube_alert: youtube ? { keyword: youtube } : undefined,
    // A game without a keyword follows every live stream of the game (issue 30).
    twitch_alert: p.twitch_game_id ? { keyword: twitch, game_id: p.twitch_game_id } : undefined,
    altcha,
  };
}
