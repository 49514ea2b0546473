/**
 * The specification's message catalogue (001 §8, 000 §5). Components and the server take
 * their words from here; never retype a message.
 */
import { ACCOUNT_MSG } from './messages/account.js';
import { COVERAGE_MSG } from './messages/coverage.js';
import { INTEGRATIONS_MSG } from './messages/integrations.js';
import { MEDIA_MSG } from './messages/media.js';

export { count } from './messages/plural.js';
export { statusMessage } from './messages/status.js';

/** The whole catalogue, one area per file under common/messages/. */
export const MSG = { ...ACCOUNT_MSG, ...COVERAGE_MSG, ...MEDIA_MSG, ...INTEGRATIONS_MSG } as const;
