import { useEffect, useState } from 'react';
import { TIMINGS } from '../../../../common/limits';

export type CreationStatus = 'idle' | 'pending' | 'success' | 'error';

/**
 * The "creating your account" bar (spec 000 §4): +10 % every 500 ms while the call runs,
 * never past 90 % until the account exists, then 100 %.
 */
export function useCreationProgress(status: CreationStatus): number {
  const [ticks, setTicks] = useState(0);
  useEffect(() => {
    if (status !== 'pending') return;
    setTicks(0);
    const id = setInterval(() => setTicks((t) => t + 1), TIMINGS.signupProgressStepMs);
    return () => clearInterval(id);
  }, [status]);
  if (status === 'success') return 100;
  if (status === 'idle') return 0;
  return Math.min(TIMINGS.signupProgressCap, ticks * TIMINGS.signupProgressStep);
}
