import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { tokenStore } from '../../../lib/api';
import { FullPageLoader } from '../../../components/full-page-loader';

/** /authentication/basic/logout: the logout return target. Forgets the session, then /welcome. */
export function LogoutPage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    tokenStore.clear();
    qc.clear();
    navigate('/welcome', { replace: true });
  }, [qc, navigate]);
  return <FullPageLoader label="Logging out…" />;
}
