import { TIMINGS } from '../../common/limits';

/** Closes a form modal and resets its form once the closing transition is over (spec: 300 ms). */
export function closeThenReset(onClose: () => void, reset: () => void) {
  onClose();
  setTimeout(reset, TIMINGS.modalResetMs);
}
