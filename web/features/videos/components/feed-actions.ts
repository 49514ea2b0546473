import { MSG, statusMessage } from '../../../../common/messages';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess, toastWarning } from '../../../components/toasts';
import type { BulkAnswer } from '../api/youtube-feed';

/**
 * The toast of a save to saved coverage (001 §8): all saved, some already there (warning), or
 * none saved with the server's reason plus a period.
 */
export function announceSave(answer: BulkAnswer) {
  if (answer.failed === 0) toastSuccess(MSG.videos.savedCount(answer.success));
  else if (answer.success > 0) toastWarning(MSG.videos.partialSave(answer.success, answer.failed));
  else toastError(undefined, MSG.videos.saveFailed(answer.results.find((r) => r.status === 'KO')?.reason ?? MSG.videos.alreadySaved));
}

/** A save that failed as a whole: the server's detail plus a period (001 §8). */
export function saveFailed(err: unknown) {
  toastError(undefined, MSG.videos.saveFailed(err instanceof ApiError ? err.message : MSG.somethingWrong));
}

/** A feed delete that failed: the message of its status code (001 §8). */
export function deleteFailed(err: unknown) {
  toastError(undefined, err instanceof ApiError && err.status === -1 ? MSG.networkFail : statusMessage(err instanceof ApiError ? err.status : 500));
}
