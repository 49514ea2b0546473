import { notifications } from '@mantine/notifications';
import { TIMINGS } from '../../../../common/limits';
import type { NotificationTests } from '../../../../common/schemas/alerts';

export type { NotificationTests };

/** A save's answer that may carry `meta.notification_tests` (alerts, YouTube and Twitch feeds). */
export interface WithNotificationTests {
  meta?: { notification_tests?: NotificationTests };
}

/**
 * Shows what Slack and Discord answered to the test messages a save posted: a green toast for a
 * message sent, a red one with the service's answer for a failure. A failure stays until closed:
 * the webhook is saved anyway, and the answer (a revoked webhook, a wrong channel) is what the
 * person needs to fix it.
 */
export function showNotificationTests(answer: WithNotificationTests | undefined | null) {
  const tests = answer?.meta?.notification_tests;
  for (const [service, result] of [
    ['Slack', tests?.slack],
    ['Discord', tests?.discord],
  ] as const) {
    if (!result) continue;
    if (result.ok) notifications.show({ color: 'teal', message: result.message, autoClose: TIMINGS.toastMs, withBorder: true });
    else notifications.show({ color: 'red', title: `The ${service} test message failed`, message: result.message, autoClose: false, withBorder: true });
  }
}
