import { useMutation } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import type { CheckoutBody, PortalBody } from '../../../../common/schemas/billing';
import { toastError } from '../../../components/toasts';
import { apiFetch } from '../../../lib/api';

type SessionDocument = { data: { id: string; attributes: { url: string } } };

/** The browser leaves for Stripe's page; an object, so tests can spy on it (jsdom cannot navigate). */
export const browser = { navigate: (url: string) => window.location.assign(url) };

/** The request document of POST checkout for one price. */
export function checkoutDocument(priceId: string, customerId: string): CheckoutBody {
  return { data: { type: 'checkout', attributes: { items: [{ price: priceId, quantity: 1 }], customer_id: customerId } } };
}

/**
 * POST checkout, then off to Stripe's payment page. `variables` tells which plan's button is
 * pending; a refusal shows the server's own sentence (contact admin, no customer, already subscribed).
 */
export function useCheckout(customerId: string | null | undefined) {
  return useMutation({
    mutationFn: (priceId: string) => apiFetch<SessionDocument>('checkout', { method: 'POST', body: checkoutDocument(priceId, customerId ?? '') }),
    onSuccess: (doc) => browser.navigate(doc.data.attributes.url),
    onError: (err) => toastError(err, MSG.billing.checkoutFailure),
  });
}

/** POST customer_portal, then off to Stripe's billing portal (change plan, payment method, invoices). */
export function useCustomerPortal(customerId: string | null | undefined) {
  return useMutation({
    mutationFn: () =>
      apiFetch<SessionDocument>('customer_portal', {
        method: 'POST',
        body: { data: { type: 'customer_create_portal', attributes: { customer_id: customerId ?? '' } } } satisfies PortalBody,
      }),
    onSuccess: (doc) => browser.navigate(doc.data.attributes.url),
    onError: (err) => toastError(err, MSG.billing.portalFailure),
  });
}
