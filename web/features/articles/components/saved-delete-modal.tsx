import { LIMITS } from '../../../../common/limits';
import { useDeleteArticle, type SavedArticle } from '../api/saved-articles';
import { truncate } from '../../../lib/text';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';

/** Asks before deleting a saved article for good (archiving is the reversible way out). */
export function SavedDeleteModal({ article, onClose }: { article: SavedArticle | null; onClose: () => void }) {
  const del = useDeleteArticle();
  return (
    <ConfirmDeleteModal item={article} title="Delete article" onConfirm={(a) => del.mutateAsync(a.id)} pending={del.isPending} onClose={onClose}>
      {(a) => (
        <>
          Delete <b>{truncate(a?.title?.trim() || a?.url || '', LIMITS.titleTruncate)}</b> from the saved coverage? Reports that include it will no longer show
          it. Archive it instead to keep it out of sight without losing it.
        </>
      )}
    </ConfirmDeleteModal>
  );
}
