import { useMemo, useState } from 'react';
import { useDeleteSavedStreams, type SavedStream } from '../api/saved-streams';
import { EMPTY_STREAM_FILTERS, countStreamFilters, streamFilterQuery, type StreamFilters } from '../lib/stream-filters';
import { savedColumns } from './saved-columns';

/** The state of the saved streams screen: filters, the open dialogs and the delete. */
export function useSavedStreams(projectId: string) {
  const del = useDeleteSavedStreams();
  const [filters, setFilters] = useState<StreamFilters>(EMPTY_STREAM_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filtersKey, setFiltersKey] = useState(0);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<{ opened: boolean; stream: SavedStream | null }>({ opened: false, stream: null });
  const [viewing, setViewing] = useState<SavedStream | null>(null);
  const [deleting, setDeleting] = useState<{ ids: string[]; clear?: () => void } | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const filter = useMemo(() => ({ project_id: projectId, ...streamFilterQuery(filters) }), [projectId, filters]);
  const columns = useMemo(() => savedColumns(setViewing), []);

  return {
    del,
    filters,
    setFilters,
    filter,
    filterCount: countStreamFilters(filters),
    columns,
    filtersOpen,
    filtersKey,
    openFilters: () => {
      setFiltersKey((k) => k + 1);
      setFiltersOpen(true);
    },
    closeFilters: () => setFiltersOpen(false),
    adding,
    setAdding,
    editing,
    edit: (stream: SavedStream) => setEditing({ opened: true, stream }),
    closeEdit: () => setEditing((e) => ({ ...e, opened: false })),
    viewing,
    setViewing,
    deleting,
    deleteOpen,
    askDelete: (ids: string[], clear?: () => void) => {
      setDeleting({ ids, clear });
      setDeleteOpen(true);
    },
    closeDelete: () => setDeleteOpen(false),
    confirmDelete: async () => {
      if (!deleting) return;
      await del.mutateAsync(deleting.ids);
      deleting.clear?.();
      setViewing(null);
    },
  };
}
