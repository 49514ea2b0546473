import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import type { ClientAttributes } from '../../../../common/schemas/clients';
import { apiFetch } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../components/toasts';

/** A brand is a `client` on the wire (docs/api.md). */
export type BrandAttributes = ClientAttributes;
export type Brand = BrandAttributes & { id: string };

export const BRANDS_PATH = 'clients';

export interface BrandValues {
  name: string;
  avatar: string | null;
}

/** The request document of POST clients / PATCH clients/{id}. */
export function brandDocument(values: BrandValues, id?: string) {
  return { data: { type: 'client' as const, ...(id ? { id } : {}), attributes: { name: values.name.trim(), avatar: values.avatar } } };
}

export function saveBrand(values: BrandValues, id?: string) {
  return apiFetch(id ? `${BRANDS_PATH}/${id}` : BRANDS_PATH, { method: id ? 'PATCH' : 'POST', body: brandDocument(values, id) });
}

/** Brands feed the project form and the project rows (client names): refresh both. */
function useInvalidateBrands() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: [BRANDS_PATH] }), qc.invalidateQueries({ queryKey: ['projects'] })]);
}

export function useSaveBrand() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: ({ values, id }: { values: BrandValues; id?: string }) => saveBrand(values, id),
    onSuccess: async (_data, { id }) => {
      toastSuccess(id ? MSG.modal.brandEdited : MSG.modal.brandCreated);
      await invalidate();
    },
  });
}

/** Archive (locked) or re-activate a brand. */
export function useSetBrandLocked() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: ({ id, locked }: { id: string; locked: boolean }) =>
      apiFetch(`${BRANDS_PATH}/${id}`, { method: 'PATCH', body: { data: { type: 'client', id, attributes: { locked } } } }),
    onSuccess: async (_data, { locked }) => {
      toastSuccess(locked ? MSG.modal.brandArchived : MSG.modal.brandActivated);
      await invalidate();
    },
    onError: (err) => toastError(err),
  });
}
