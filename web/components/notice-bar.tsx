import type { ReactNode } from 'react';
import { CloseButton } from '@mantine/core';
import classes from './notice-bar.module.css';

/**
 * The one bar above every workspace page that holds what the account needs to know (the trial's
 * days left, a failed payment, an address to confirm): one compact line instead of a stack of
 * banners. It draws nothing when none of its notices has something to say.
 */
export function NoticeBar({ children }: { children: ReactNode }) {
  return <div className={classes.bar}>{children}</div>;
}

export type NoticeTone = 'info' | 'warning' | 'danger';

export interface NoticeProps {
  /** `danger` (a failed payment) is announced at once and colours the bar red; `warning` orange. */
  tone: NoticeTone;
  icon: ReactNode;
  /** One short sentence: the bar has to hold it beside the others. */
  children: string;
  /** A compact button (`size="compact-sm"`). */
  action?: ReactNode;
  /** Shows a close button with this label. */
  onDismiss?: () => void;
  dismissLabel?: string;
  /**
   * The notice gives way when the line is short: its sentence is cut with an ellipsis (whole on
   * hover and for screen readers) rather than the bar growing a second line on a desktop.
   */
  yields?: boolean;
}

/** One notice of the bar: its icon and sentence, then its action. */
export function Notice({ tone, icon, children, action, onDismiss, dismissLabel = 'Dismiss', yields = false }: NoticeProps) {
  return (
    <div className={classes.notice} data-tone={tone} data-yields={yields || undefined} role={tone === 'danger' ? 'alert' : 'status'}>
      <div className={classes.message}>
        <span className={classes.icon} aria-hidden="true">
          {icon}
        </span>
        {/* An English sentence keeps its own direction in a right-to-left layout ("14 days left", not "days left 14"). */}
        <span className={classes.text} dir="auto" title={yields ? children : undefined}>
          {children}
        </span>
      </div>
      {(action || onDismiss) && (
        <div className={classes.actions}>
          {action}
          {onDismiss && <CloseButton size="sm" aria-label={dismissLabel} onClick={onDismiss} />}
        </div>
      )}
    </div>
  );
}
