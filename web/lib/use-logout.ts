import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiFetch } from './api';

/** POST auth/logout (the token stops working), then the logout return target. */
export function useLogout() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const logout = useCallback(async () => {
    setPending(true);
    try {
      await apiFetch('auth/logout', { method: 'POST' });
    } catch {
      // An expired session is logged out already; the return target clears what is left.
    }
    navigate('/authentication/basic/logout', { replace: true });
  }, [navigate]);
  return { logout, pending };
}
