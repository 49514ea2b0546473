import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RANKING_MAX_BYTES, type RankingAttributes } from '../../../../common/schemas/reach';
import { toastError } from '../../../components/toasts';
import { apiFetch, type JsonApiResource } from '../../../lib/api';
import { WEBSITES_PATH } from '../../websites/api/websites';

export type { RankingAttributes };

export const RANKING_PATH = 'operator/ranking';
export const rankingKey = [RANKING_PATH] as const;

/** How often the screen asks again while a list is being imported. */
export const RANKING_POLL_MS = 2000;

type RankingDocument = { data: JsonApiResource<RankingAttributes> };

/**
 * GET operator/ranking: the current traffic ranking and its last import. Asked again every
 * 2 s while an import runs; the websites' scores are refreshed when it ends. Only the platform
 * operator may ask (everyone else gets 404), so the query runs only for them.
 */
export function useRanking(enabled: boolean) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: rankingKey,
    queryFn: async () => (await apiFetch<RankingDocument>(RANKING_PATH)).data.attributes,
    enabled,
    refetchInterval: (q) => (q.state.data?.state === 'importing' ? RANKING_POLL_MS : false),
  });
  const state = query.data?.state;
  const before = useRef(state);
  useEffect(() => {
    // A list arrived (or an import ended): every website's score may have changed.
    if (before.current === 'importing' && state && state !== 'importing') void qc.invalidateQueries({ queryKey: [WEBSITES_PATH] });
    before.current = state;
  }, [state, qc]);
  return query;
}

/** PATCH operator/ranking: the daily Tranco update on or off. */
export function useSetRankingAutoUpdate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (autoUpdate: boolean) =>
      (
        await apiFetch<RankingDocument>(RANKING_PATH, {
          method: 'PATCH',
          body: { data: { type: 'ranking', attributes: { auto_update: autoUpdate } } },
        })
      ).data.attributes,
    onSuccess: (ranking) => qc.setQueryData(rankingKey, ranking),
    onError: (err) => toastError(err),
  });
}

/** A file the server would refuse for its size, said before it is sent. */
export function rankingFileTooBig(file: File): boolean {
  return file.size > RANKING_MAX_BYTES;
}

/**
 * POST operator/ranking with the file (multipart field `file`): the server answers 202 with the
 * ranking in state `importing` and imports in the background; the query then polls.
 */
export function useUploadRanking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await apiFetch<RankingDocument>(RANKING_PATH, { method: 'POST', body: form })).data.attributes;
    },
    onSuccess: (ranking) => qc.setQueryData(rankingKey, ranking),
  });
}
