import { useEffect, useState } from 'react';
import { tokenStore } from '../../../lib/api';

/** Member-only pictures (`/api/…` outside `/api/p/`) need the bearer token, which an <img> cannot send. */
export function needsToken(url: string | null | undefined): boolean {
  return !!url && url.startsWith('/api/') && !url.startsWith('/api/p/');
}

/**
 * The address an <img> can show: public and outside URLs as they are; a member-only picture
 * fetched with the token into an object URL. `failed` is set when it could not be fetched.
 */
export function useImageSrc(url: string | null | undefined): { src: string | null; failed: boolean } {
  const authed = needsToken(url);
  const [state, setState] = useState<{ url: string | null | undefined; src: string | null; failed: boolean }>({ url: undefined, src: null, failed: false });

  useEffect(() => {
    if (!authed || !url) return;
    let objectUrl: string | null = null;
    const ctrl = new AbortController();
    const token = tokenStore.get();
    fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: ctrl.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        objectUrl = URL.createObjectURL(await res.blob());
        setState({ url, src: objectUrl, failed: false });
      })
      .catch((err: Error) => {
        if (err.name !== 'AbortError') setState({ url, src: null, failed: true });
      });
    return () => {
      ctrl.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [authed, url]);

  if (!url) return { src: null, failed: false };
  if (!authed) return { src: url, failed: false };
  return state.url === url ? { src: state.src, failed: state.failed } : { src: null, failed: false };
}
