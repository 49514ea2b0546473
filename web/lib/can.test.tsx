import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '../../common/messages';
import { PLAN_DEFAULTS } from '../../common/plans';
import { tokenStore } from './api';
import { stubFetch } from '../testing/fetch-stub';
import { signedInUserDoc, withAbilities } from '../testing/user-doc';
import { abilityOf, can, Can, decideWithCount, useCan, useDecision } from './can';
import { currentUserOf, type CurrentUser, type CurrentUserDocument } from './session';

beforeEach(() => tokenStore.set('test-token'));
afterEach(() => vi.unstubAllGlobals());

const starter = { plan: 'starter', permissions: PLAN_DEFAULTS.starter };

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Serves GET user with these abilities, whatever the organization's flags say. */
function serveUser(doc: unknown) {
  stubFetch((req) => (req.url.pathname === '/api/user' ? { body: doc } : { status: 404, body: { errors: [] } }));
}

describe('the server’s abilities on the web', () => {
  it('answers from meta.abilities, not from the organization’s flags', async () => {
    const doc = signedInUserDoc({ defaultProjectId: '3', organization: { plan: 'pro', permissions: PLAN_DEFAULTS.pro } });
    // The server decides: the plan's flag (similarweb) does not open what its abilities refuse.
    doc.meta.abilities['feed.umv'] = { allowed: false, refusal: 'plan', code: 'plan_limit', message: MSG.billing.upgrade };
    serveUser(doc);
    const { result } = renderHook(() => ({ umv: useCan('feed.umv'), youtube: useCan('youtube.use'), console: useDecision('operator.console') }), {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current.youtube).toBe(true));
    expect(result.current.umv).toBe(false);
    expect(result.current.console).toEqual({ allowed: false, refusal: 'hidden', code: 'not_found', message: 'No such API route' });
  });

  it('refuses everything before the user is loaded, and for a document without abilities', () => {
    expect(can(undefined, 'workspace.use')).toBe(false);
    const bare = currentUserOf({
      data: { type: 'user', id: '1', attributes: signedInUserDoc({ defaultProjectId: '3' }).data.attributes },
    } as unknown as CurrentUserDocument);
    expect(abilityOf(bare, 'workspace.use')).toBeUndefined();
    expect(can(bare, 'workspace.use')).toBe(false);
  });

  it('renders <Can> children or the fallback', async () => {
    serveUser(signedInUserDoc({ defaultProjectId: '3', organization: starter, roleId: 2 }));
    const Wrapper = wrapper();
    render(
      <Wrapper>
        <Can action="reports.use">
          <span>reports</span>
        </Can>
        <Can action="org.admin" fallback={<span>ask an admin</span>}>
          <span>members</span>
        </Can>
        <Can action="youtube.use">
          <span>videos</span>
        </Can>
      </Wrapper>,
    );
    expect(await screen.findByText('reports')).toBeTruthy();
    expect(screen.getByText('ask an admin')).toBeTruthy();
    expect(screen.queryByText('members')).toBeNull();
    expect(screen.queryByText('videos')).toBeNull();
  });

  it('decides a limit with the screen’s own count through the policy', () => {
    const user = withAbilities(
      currentUserOf(signedInUserDoc({ defaultProjectId: '3', organization: starter }) as unknown as CurrentUserDocument),
    ) as CurrentUser;
    expect(decideWithCount(user, 'projects.create', { activeProjects: PLAN_DEFAULTS.starter.max_projects - 1 })).toEqual({ allowed: true });
    expect(decideWithCount(user, 'projects.create', { activeProjects: PLAN_DEFAULTS.starter.max_projects })).toMatchObject({
      allowed: false,
      code: 'plan_limit',
      limit: PLAN_DEFAULTS.starter.max_projects,
      used: PLAN_DEFAULTS.starter.max_projects,
    });
    // Without a loaded user nothing is allowed.
    expect(decideWithCount(undefined, 'projects.create', { activeProjects: 0 }).allowed).toBe(false);
  });
});
