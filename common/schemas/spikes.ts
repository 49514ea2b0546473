import { z } from 'zod';
import { oneDocument, resourceDocument, resourceSchema } from './jsonapi.js';

/**
 * Spike alerts (issue 32 item 3; docs/api.md "Spike alerts"). A project's matches of the current
 * window (an hour or a UTC day) are compared with the mean of the same kind of window over the 14
 * days before it; when they reach `min_matches` and exceed `factor` × that mean, the project's
 * Slack, Discord and digest subscribers are told once, with the stories that drove it.
 * GET/PATCH projects/{id}/spike-alerts (the settings), GET projects/{id}/spikes (the last spikes).
 */

export const SPIKE_WINDOWS = ['hour', 'day'] as const;
export type SpikeWindow = (typeof SPIKE_WINDOWS)[number];

export const SPIKE_LIMITS = {
  factorMin: 1.5,
  factorMax: 50,
  minMatchesMin: 1,
  minMatchesMax: 100_000,
  /** How many spikes GET projects/{id}/spikes answers, newest first. */
  listed: 20,
  /** How many stories a spike names (the ones with the most copies in the window). */
  stories: 5,
} as const;

export const SPIKE_MESSAGES = {
  window: 'Choose hour or day',
  factor: `Enter a factor from ${SPIKE_LIMITS.factorMin} to ${SPIKE_LIMITS.factorMax}`,
  minMatches: `Enter a whole number of matches from ${SPIKE_LIMITS.minMatchesMin} to ${new Intl.NumberFormat('en-US').format(SPIKE_LIMITS.minMatchesMax)}`,
  enabled: 'Enabled must be true or false',
} as const;

/** The settings as the API takes them: every field optional in a PATCH, each checked on its own (422 at its pointer). */
export const spikeSettingsInput = z.object({
  enabled: z.boolean({ error: SPIKE_MESSAGES.enabled }).optional(),
  window: z.enum(SPIKE_WINDOWS, { error: SPIKE_MESSAGES.window }).optional(),
  factor: z
    .number({ error: SPIKE_MESSAGES.factor })
    .min(SPIKE_LIMITS.factorMin, SPIKE_MESSAGES.factor)
    .max(SPIKE_LIMITS.factorMax, SPIKE_MESSAGES.factor)
    .optional(),
  min_matches: z
    .number({ error: SPIKE_MESSAGES.minMatches })
    .int(SPIKE_MESSAGES.minMatches)
    .min(SPIKE_LIMITS.minMatchesMin, SPIKE_MESSAGES.minMatches)
    .max(SPIKE_LIMITS.minMatchesMax, SPIKE_MESSAGES.minMatches)
    .optional(),
});
export type SpikeSettingsInput = z.infer<typeof spikeSettingsInput>;

/** PATCH projects/{id}/spike-alerts */
export const spikeSettingsBody = resourceDocument('spike-alerts', spikeSettingsInput);

export const spikeSettingsAttributes = z.object({
  enabled: z.boolean(),
  window: z.enum(SPIKE_WINDOWS),
  factor: z.number(),
  min_matches: z.number().int(),
});
export type SpikeSettingsAttributes = z.infer<typeof spikeSettingsAttributes>;
export const spikeSettingsDocument = oneDocument(resourceSchema('spike-alerts', spikeSettingsAttributes));
export type SpikeSettingsDocument = z.infer<typeof spikeSettingsDocument>;

/** A story that drove a spike: its lead copy (the first one the project matched in the window) and how many copies the window had. */
export const spikeStorySchema = z.object({
  title: z.string(),
  url: z.string(),
  outlet: z.string(),
  copies: z.number().int(),
});
export type SpikeStory = z.infer<typeof spikeStorySchema>;

export const spikeAttributes = z.object({
  window: z.enum(SPIKE_WINDOWS),
  window_start: z.string(),
  /** The window's matches when the spike was found (the window may still have been running). */
  matches: z.number().int(),
  /** The mean matches per window of the 14 days before. */
  baseline: z.number(),
  factor: z.number(),
  stories: z.array(spikeStorySchema),
  emailed_at: z.string().nullable(),
  created_at: z.string(),
});
export type SpikeAttributes = z.infer<typeof spikeAttributes>;
export const spikeListDocument = z.object({ data: z.array(resourceSchema('spike', spikeAttributes)) });
export type SpikeListDocument = z.infer<typeof spikeListDocument>;
