import { useEffect, useRef } from 'react';
import { Input, Stack } from '@mantine/core';
import 'altcha';
import type {} from 'altcha/types/react';
/** GET p/captcha: a fresh proof-of-work challenge (sign-up, and a login past an address's limits). */
export const CAPTCHA_URL = '/api/p/captcha';

interface CaptchaFieldProps {
  /** Receives the solved payload, or null when the widget is no longer verified. */
  onChange: (payload: string | null) => void;
  error?: string | null;
}

interface StateChangeDetail {
  state: string;
  payload?: string | null;
}

/**
 * The ALTCHA widget: a real proof-of-work against GET p/captcha, solved in Web Workers when the
 * user ticks the box. The page remounts it (with a new key) to ask for a fresh solution.
 */
export function CaptchaField({ onChange, error }: CaptchaFieldProps) {
  const ref = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onState = (ev: Event) => {
      const { state, payload } = (ev as CustomEvent<StateChangeDetail>).detail ?? { state: '' };
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    // The step may come back into view after the challenge expired while it was hidden.
    const widget = el as HTMLElement & { getState?: () => string };
    if (widget.getState && widget.getState() !== 'verified') onChangeRef.current(null);
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, []);

  return (
    <Stack gap={4}>
      <altcha-widget
        ref={ref}
        challenge={CAPTCHA_URL}
        name="altcha"
        auto="off"
        style={{ '--altcha-max-width': '100%', '--altcha-border-radius': 'var(--mantine-radius-md)' } as React.CSSProperties}
      />
      {error && <Input.Error>{error}</Input.Error>}
    </Stack>
  );
}
