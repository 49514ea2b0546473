import { useId } from 'react';
import { Group, Text } from '@mantine/core';

/** The Coverwatch mark: a watching eye in a rounded square (matches the favicon). */
export function LogoMark({ size = 28 }: { size?: number }) {
  // Unique per mark: a gradient id shared with a hidden copy of the mark would not paint.
  const gradient = `cw-mark-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#6a72e4" />
          <stop offset="1" stopColor="#323bb2" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      <circle cx="16" cy="16" r="8" fill="none" stroke="#fff" strokeWidth="3" />
      <circle cx="16" cy="16" r="3" fill="#fff" />
      <path d="M24.5 7.5a12 12 0 0 1 0 17" fill="none" stroke="#fff" strokeOpacity="0.55" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** Mark plus wordmark. `inverted` for dark or coloured backgrounds. */
export function BrandLogo({ size = 28, inverted = false, withText = true }: { size?: number; inverted?: boolean; withText?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap" aria-label="Coverwatch">
      <LogoMark size={size} />
      {withText && (
        <Text fw={750} fz={size * 0.68} lh={1} c={inverted ? 'white' : undefined} style={{ letterSpacing: '-0.02em' }}>
          Coverwatch
        </Text>
      )}
    </Group>
  );
}
