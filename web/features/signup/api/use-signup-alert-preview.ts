import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { typedTermsToKeywords } from '../../../../common/query/simple';
import { signupKeywordsProblem } from '../../../../common/schemas/signup';
import { fetchSignupOptions, previewSignupAlert } from './signup-api';

// Spec 001 §9: previews are debounced 500 ms.
export const ALERT_PREVIEW_DEBOUNCE_MS = 500;

/**
 * The sign-up article alert as the server will read it (`query`, null while empty), the
 * query language's problem with it (shown under the field), and its preview once typing
 * pauses. The preview needs the wizard's captcha solution (the route is public).
 */
export function useSignupAlertPreview(typed: string, altcha: string | null) {
  const [settled] = useDebouncedValue(typed.trim(), ALERT_PREVIEW_DEBOUNCE_MS);
  const problem = settled ? signupKeywordsProblem(settled) : null;
  const query = settled ? typedTermsToKeywords(settled) : null;
  const enabled = !!settled && problem === null && !!altcha;
  const preview = useQuery({
    queryKey: ['signup', 'alert_preview', query],
    queryFn: ({ signal }) => previewSignupAlert(settled, altcha!, signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
  return { query, problem, enabled, settling: typed.trim() !== settled, preview };
}

/** What the server can set up at sign-up; until it answers, everything is assumed available. */
export function useSignupOptions() {
  return useQuery({ queryKey: ['signup', 'options'], queryFn: ({ signal }) => fetchSignupOptions(signal), staleTime: 10 * 60_000, retry: false });
}
