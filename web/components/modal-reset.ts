import { TIMINGS } from '../../common/limits';

/** Closes a form modal and resets its form once the closing transition is over (spec: 300 ms). */
export function closeThenReset(onClose: () => void, reset: () => void) {
  onClose();
  // After the close animation. A page (or a test's document) torn down meanwhile has nothing to reset.
  setTimeout(() => {
    if (typeof window !== 'undefined') reset();
  }, TIMINGS.modalResetMs);
}
