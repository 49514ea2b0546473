import { notifications } from '@mantine/notifications';
import { MSG, statusMessage } from '../../common/messages';
import { TIMINGS } from '../../common/limits';
import { ApiError } from '../lib/api';

/** Success toast with a catalogue message (spec: toasts last 5 s). */
export function toastSuccess(message: string, title?: string) {
  notifications.show({ color: 'teal', title, message, autoClose: TIMINGS.toastMs, withBorder: true });
}

export function toastWarning(message: string, title?: string) {
  notifications.show({ color: 'yellow', title, message, autoClose: TIMINGS.toastMs, withBorder: true });
}

/**
 * Error toast for a failed call: the server's detail when it gave one, else the catalogue's
 * message for the status ("Network request fail" when there was no response).
 */
export function toastError(err: unknown, fallback?: string) {
  let message: string = fallback ?? MSG.somethingWrong;
  if (err instanceof ApiError) message = err.status === -1 ? MSG.networkFail : (err.errors[0]?.detail ?? fallback ?? statusMessage(err.status));
  notifications.show({ color: 'red', title: 'Error', message, autoClose: TIMINGS.toastMs, withBorder: true });
}

/** The catalogue's toast for a success status (200, 201, 204). */
export function toastStatus(status: 200 | 201 | 204) {
  toastSuccess(statusMessage(status));
}
