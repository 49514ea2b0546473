import { useMutation } from '@tanstack/react-query';
import { tokenStore } from '../../../lib/api';
import { createFreeUser, createInvitedUser, type FreeUserRequest, type InvitedUserRequest } from './signup-api';

/** POST p/free_user; the new session is stored as soon as the account exists. */
export function useCreateFreeUser() {
  return useMutation({
    mutationFn: (body: FreeUserRequest) => createFreeUser(body),
    onSuccess: (result) => tokenStore.set(result.data.user.token),
  });
}

/** POST p/new_user (invitation); stores the new session like the free flow. */
export function useCreateInvitedUser() {
  return useMutation({
    mutationFn: (body: InvitedUserRequest) => createInvitedUser(body),
    onSuccess: (result) => tokenStore.set(result.token),
  });
}
