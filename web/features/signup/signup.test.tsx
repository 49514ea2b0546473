import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { MSG } from '../../../common/messages';
import { useCreationProgress, type CreationStatus } from './components/use-creation-progress';
import { click, fetchMock, fillAccount, json, renderAt, requests, solveCaptcha, stubSignupRequests, type } from './signup-fixtures';

/** Sign-up: the account step, focus between steps, the creation progress, invitations. The whole wizard: signup-wizard.test.tsx. */

// The wizard's steps render slowly on a shared machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 30_000 });
stubSignupRequests();

describe('free sign-up: account step', () => {
  it('shows each field’s message under it and stays on the step', async () => {
    renderAt('/signup');
    click('Get started');
    click('Next');
    expect(await screen.findByText(MSG.validation.nameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.validation.emailRequired)).toBeTruthy();
    expect(screen.getByText(MSG.validation.passwordRequired)).toBeTruthy();
    expect(screen.getByText(MSG.validation.terms)).toBeTruthy();
    expect(screen.getByText(MSG.validation.captcha)).toBeTruthy();

    type(/Full name/, 'A');
    type(/Work email/, 'not-an-email');
    type(/^Password/, 'short');
    type(/Confirm password/, 'shorter');
    click('Next');
    expect(await screen.findByText(MSG.validation.nameLength)).toBeTruthy();
    expect(screen.getByText(MSG.validation.emailInvalid)).toBeTruthy();
    expect(screen.getByText(MSG.validation.passwordLength)).toBeTruthy();
    expect(screen.getByText(MSG.validation.passwordsMismatch)).toBeTruthy();
    expect(screen.getByText(MSG.validation.terms)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(requests()).toEqual([]);
  });

  it('says an empty "Confirm password" is missing, links the privacy policy, and shows the app\'s logo', async () => {
    renderAt('/signup');
    click('Get started');
    type(/^Password/, 'analytical engine');
    click('Next');
    expect(await screen.findByText(MSG.validation.confirmPasswordRequired)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'terms of service' }).getAttribute('href')).toBe('/terms');
    // The navigation's BrandLogo: its mark (a rounded square with the eye) beside the name.
    const logo = screen.getAllByLabelText('Coverwatch')[0];
    expect(logo.querySelector('svg rect[rx="8"]')).toBeTruthy();
  });

  it('needs matching passwords and the terms even when the rest is right', async () => {
    renderAt('/signup');
    click('Get started');
    type(/Full name/, 'Ada Lovelace');
    type(/Work email/, 'ada@example.test');
    type(/^Password/, 'analytical engine');
    type(/Confirm password/, 'analytical engines');
    await solveCaptcha();
    click('Next');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(screen.getByText('Please agree to the terms to create your account')).toBeTruthy();
    expect(screen.queryByText(MSG.validation.captcha)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(requests()).toEqual([]);
  });
});

describe('free sign-up: focus between steps', () => {
  it("gives each new step's heading the focus the pressed button took with it", async () => {
    renderAt('/signup');
    const start = screen.getByRole('button', { name: 'Get started' });
    start.focus();
    click('Get started');
    const account = await screen.findByRole('heading', { name: 'Create your account' });
    await waitFor(() => expect(document.activeElement).toBe(account));
    fillAccount();
    await solveCaptcha('cGF5bG9hZA==');
    screen.getByRole('button', { name: 'Next' }).focus();
    click('Next');
    const organisation = await screen.findByRole('heading', { name: 'Your organisation' });
    // The step's heading is the page's h1, and takes the focus the hidden step's Next button had.
    expect(organisation.tagName).toBe('H1');
    await waitFor(() => expect(document.activeElement).toBe(organisation));
  });
});

describe('creation progress', () => {
  it('rises 10 % every 500 ms up to 90 %, and reaches 100 % on success', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ status }: { status: CreationStatus }) => useCreationProgress(status), {
      initialProps: { status: 'idle' },
    });
    expect(result.current).toBe(0);
    rerender({ status: 'pending' });
    expect(result.current).toBe(0);
    act(() => void vi.advanceTimersByTime(500));
    expect(result.current).toBe(10);
    act(() => void vi.advanceTimersByTime(1500));
    expect(result.current).toBe(40);
    act(() => void vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(90);
    rerender({ status: 'success' });
    expect(result.current).toBe(100);
  });
});

describe('invite sign-up', () => {
  it('says when the invitation is not valid', async () => {
    fetchMock.mockImplementationOnce(async () =>
      json(404, { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: MSG.signup.inviteInvalid }] }),
    );
    renderAt('/signup/abcdefghijkl');
    expect(await screen.findByText(MSG.signup.inviteInvalid)).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/p/ivs/abcdefghijkl');
    fireEvent.click(screen.getByRole('link', { name: /welcome/ }));
    expect(await screen.findByText('Welcome page')).toBeTruthy();
  });

  it('says when the invitation could not be fetched', async () => {
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderAt('/signup/abcdefghijkl');
    expect(await screen.findByText(MSG.signup.inviteFetch)).toBeTruthy();
  });

  it('shows the organization and asks for the account details', async () => {
    fetchMock.mockImplementationOnce(async () =>
      json(200, {
        data: {
          type: 'invite',
          id: 'abcdefghijkl',
          attributes: { key: 'abcdefghijkl', status: 'active', expires: '2999-01-01T00:00:00Z', organization: { id: 3, name: 'Acme Studios' } },
        },
      }),
    );
    renderAt('/signup/abcdefghijkl');
    expect(await screen.findByTestId('invite-organization')).toHaveProperty('textContent', 'Acme Studios');
    click('Accept invitation');
    type(/^Password/, 'analytical engine');
    type(/Confirm password/, 'something else');
    click('Next');
    expect(await screen.findByText(MSG.validation.passwordsMismatch)).toBeTruthy();
    expect(screen.getByText(MSG.validation.terms)).toBeTruthy();
    expect(screen.queryByText(MSG.validation.captcha)).toBeNull();
  });
});
