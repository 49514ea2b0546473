import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api';
import { currentUserOf, userQueryKey, type CurrentUserDocument } from './session';

/**
 * PATCH user/{id} (type user) with `open_projects_first`: whether `/` opens the projects page or
 * the articles feed (000 §2). The answer is the updated user (with its meta), kept as the user.
 */
export function useSetOpenProjectsFirst(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (value: boolean) =>
      currentUserOf(
        await apiFetch<CurrentUserDocument>(`user/${userId}`, {
          method: 'PATCH',
          body: { data: { type: 'user', id: userId, attributes: { open_projects_first: value } } },
        }),
      ),
    onSuccess: (user) => qc.setQueryData(userQueryKey, user),
  });
}
