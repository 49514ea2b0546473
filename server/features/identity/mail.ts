import { MSG } from '../../../common/messages.js';

/** Person names are user input: they reach the HTML part only escaped. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface IdentityMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * A short message with one link, rendered twice (text and escaped HTML) from the same
 * paragraphs so the two parts never say different things.
 */
function render(subject: string, name: string, paragraphs: string[], link: { url: string; label: string }, closing: string[]): IdentityMail {
  const text = [`Hello ${name},`, ...paragraphs, `${link.label}: ${link.url}`, ...closing, 'Coverwatch'].join('\n\n');
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    p(`Hello ${name},`),
    ...paragraphs.map(p),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    `<p style="color:#666;font-size:13px">${escapeHtml(link.url)}</p>`,
    ...closing.map(p),
    p('Coverwatch'),
  ].join('\n');
  return { subject, text, html };
}

/** The password reset e-mail: the link, how long it lasts, and what to do when it was not you. */
export function passwordResetMail(input: { name: string; url: string; minutes: number }): IdentityMail {
  return render(
    MSG.identity.resetSubject,
    input.name,
    ['Someone (we hope you) asked to reset the password of your Coverwatch account. Follow the link to choose a new one.'],
    { url: input.url, label: 'Choose a new password' },
    [`The link works once, for ${input.minutes} minutes.`, "If it wasn't you, ignore this e-mail: your password stays as it is."],
  );
}

/** The e-mail verification message sent after sign-up (and again on request). */
export function emailVerificationMail(input: { name: string; url: string; days: number }): IdentityMail {
  return render(
    MSG.identity.verifySubject,
    input.name,
    ['Please confirm that this address belongs to your Coverwatch account, so that alerts, digests and password resets reach you.'],
    { url: input.url, label: 'Confirm my address' },
    [`The link works for ${input.days} days. If you did not create a Coverwatch account, ignore this e-mail.`],
  );
}
