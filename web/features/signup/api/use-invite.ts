import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchInvite, uploadInviteAvatar } from './signup-api';

/** The invitation behind /signup/{inviteKey}; not retried, an invalid link stays invalid. */
export function useInvite(key: string) {
  return useQuery({
    queryKey: ['signup', 'invite', key],
    queryFn: ({ signal }) => fetchInvite(key, signal),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

export function useUploadInviteAvatar(inviteKey: string) {
  return useMutation({ mutationFn: (file: File) => uploadInviteAvatar(inviteKey, file) });
}
