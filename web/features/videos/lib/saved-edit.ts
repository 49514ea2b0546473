import type { SavedVideoAttributes } from '../api/saved-videos';

/** The saved video edit form (spec 000 §3 editable fields). Empty text or null = left empty. */
export interface SavedEditValues {
  tagId: string | null;
  title: string;
  description: string;
  views: number | null;
  channelSubscribers: number | null;
  channelLanguage: string | null;
  channelCountry: string | null;
  /** YYYY-MM-DD */
  publishedAt: string | null;
}

export function savedEditValues(v: SavedVideoAttributes): SavedEditValues {
  return {
    tagId: v.tag_id ? String(v.tag_id) : null,
    title: v.title ?? '',
    description: v.description ?? '',
    views: v.views ?? null,
    channelSubscribers: v.channel_subscribers ?? null,
    channelLanguage: v.channel_language || null,
    channelCountry: v.channel_country || null,
    publishedAt: v.published_at ? v.published_at.slice(0, 10) : null,
  };
}

/**
 * PATCH saved_videos/{id} (000 §5: "edit video sends only non-empty fields"): each field that is
 * filled in and differs from the saved copy, in the spec's names. An emptied field is not sent,
 * so it keeps its saved value.
 */
export function changedSavedBody(initial: SavedEditValues, v: SavedEditValues): Record<string, string | number> {
  const body: Record<string, string | number> = {};
  const text = (key: string, now: string | null, before: string | null) => {
    const t = (now ?? '').trim();
    if (t && t !== (before ?? '').trim()) body[key] = t;
  };
  const num = (key: string, now: number | null, before: number | null) => {
    if (now !== null && now !== before) body[key] = now;
  };
  text('tag_id', v.tagId, initial.tagId);
  text('title', v.title, initial.title);
  // The description keeps its line breaks and spaces: only whether it is empty is judged trimmed.
  if (v.description.trim() && v.description !== initial.description) body.description = v.description;
  num('views', v.views, initial.views);
  num('channel_subscribers', v.channelSubscribers, initial.channelSubscribers);
  text('channel_language', v.channelLanguage, initial.channelLanguage);
  text('channel_country', v.channelCountry, initial.channelCountry);
  text('published_at', v.publishedAt, initial.publishedAt);
  return body;
}
