import { describe, expect, it } from 'vitest';
import { buildRequest, type AccountValues, type OrganizationValues, type ProjectValues } from './components/signup-forms';

// The sign-up's Twitch step (issue 30): a game without a keyword asks for a game-wide feed.
const account = { user_username: ' Ada Lovelace ', user_email: 'ada@example.test', user_password: 'analytical engine' } as AccountValues;
const organization = { organization_name: 'Analytical Games', brand_name: 'Difference Engine' } as OrganizationValues;
const project = (over: Partial<ProjectValues>): ProjectValues => ({
  project_name: 'Launch',
  article_keywords: '',
  youtube_keyword: '',
  twitch_keyword: '',
  twitch_game_id: '',
  ...over,
});

describe('the sign-up request', () => {
  it('asks for a Twitch feed whenever a game is chosen, with or without a keyword', () => {
    expect(buildRequest(account, organization, project({ twitch_game_id: '27471' }), 'x').twitch_alert).toEqual({ keyword: '', game_id: '27471' });
    expect(buildRequest(account, organization, project({ twitch_game_id: '27471', twitch_keyword: ' acme ' }), 'x').twitch_alert).toEqual({
      keyword: 'acme',
      game_id: '27471',
    });
    // A keyword without its game asks for nothing (the step does not let it through).
    expect(buildRequest(account, organization, project({ twitch_keyword: 'acme' }), 'x').twitch_alert).toBeUndefined();
  });
});
