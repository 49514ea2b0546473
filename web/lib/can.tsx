import type { ReactNode } from 'react';
import { decide, planLimit, type Action, type ContextArgs, type Decision, type LimitContext, type LimitedAction } from '../../common/policy';
import type { Ability } from '../../common/schemas/users';
import { policySubject, useCurrentUser, type CurrentUser } from './session';

/*
 * Who may do what, on the web (issue 29): the screens ask the server's decisions, which `GET user`
 * carries in `meta.abilities` (one per action of common/policy.ts, limits with the counts the
 * server read), instead of reading the plan's flags, the capabilities or the role. Before the
 * user is loaded, and for a user document without abilities, every action is refused.
 */

/** The server's decision on `action` for this user, or undefined when the user (or their abilities) is not loaded. */
export function abilityOf(user: CurrentUser | null | undefined, action: Action): Ability | undefined {
  return user?.meta?.abilities?.[action];
}

/** Whether the server allows this user `action` (pure, for the guards and the navigation). */
export function can(user: CurrentUser | null | undefined, action: Action): boolean {
  return abilityOf(user, action)?.allowed === true;
}

/** The signed-in user's decision on `action` (its refusal's sentence, a limit's numbers). */
export function useDecision(action: Action): Ability | undefined {
  return abilityOf(useCurrentUser().data, action);
}

/** Whether the signed-in user may do `action`. */
export function useCan(action: Action): boolean {
  return can(useCurrentUser().data, action);
}

/** Renders `children` when the signed-in user may do `action`, else `fallback` (nothing by default). */
export function Can({ action, fallback = null, children }: { action: Action; fallback?: ReactNode; children: ReactNode }) {
  return <>{useCan(action) ? children : fallback}</>;
}

/**
 * A limited action decided with a count the screen holds (the active projects it lists, a
 * project's alerts), which may be newer than the server's: the policy's own `decide`, on the
 * session's role and organization, so the web repeats no rule.
 */
export function decideWithCount<A extends LimitedAction>(user: CurrentUser | null | undefined, action: A, count: LimitContext[A]): Decision {
  return decide(policySubject(user), action, ...([count] as ContextArgs<A>));
}

/** A number of the plan the policy keeps (Super Search's months of data), as the server reads it. */
export function planNumber(user: CurrentUser | null | undefined, key: Parameters<typeof planLimit>[1]): number {
  return planLimit(policySubject(user), key);
}
