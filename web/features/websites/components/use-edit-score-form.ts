import { useForm } from '@mantine/form';
import { MSG } from '../../../../common/messages';
import { websiteUpdateBody } from '../../../../common/schemas/websites';
import { documentErrors } from '../../../lib/form';
import type { Website, WebsiteEdit } from '../api/websites';

export interface EditScoreValues {
  /** The score is typed by a person (kept across ranking imports). */
  manual: boolean;
  reach: number | '';
  /** Typed monthly visitors; empty: SimilarWeb's figure or the estimate from the rank. */
  muv: number | '';
  mediatypeId: string | null;
  isMetacritic: boolean;
  isEa: boolean;
}

export const toNumber = (v: string | number) => (typeof v === 'number' ? v : v === '' ? '' : Number(v));

/** The form of the media score editor, starting from the website as saved. */
export function useEditScoreForm(website: Website) {
  return useForm<EditScoreValues>({
    initialValues: {
      manual: website['reach-manual'],
      reach: website.reach,
      // Only a typed figure is the form's: SimilarWeb's or an estimate saved back would turn into a typed one.
      muv: website.muv_source === 'manual' && website.muv !== null ? website.muv : '',
      mediatypeId: website['mediatype-id'],
      isMetacritic: website.is_metacritic,
      isEa: website.is_ea,
    },
    // The server's schema and its messages (common/schemas/websites.ts) check what would be sent.
    validate: (v) => {
      const e = documentErrors(websiteUpdateBody, { data: { type: 'website', attributes: editScoreAttributes(website, v) } });
      return { reach: v.manual && v.reach === '' ? MSG.websites.reachRequired : e.reach, muv: e.muv, mediatypeId: e.mediatype_id };
    },
  });
}

/**
 * What to PATCH: a typed score, or back to the ranking's when it was typed before; typed
 * visitors, or back to SimilarWeb's or the estimate when a typed figure was emptied.
 */
export function editScoreAttributes(website: Website, v: EditScoreValues): WebsiteEdit {
  const out: WebsiteEdit = { mediatype_id: v.mediatypeId, is_metacritic: v.isMetacritic, is_ea: v.isEa };
  if (v.manual && v.reach !== '') Object.assign(out, { reach_manual: true, reach: v.reach });
  else if (!v.manual && website['reach-manual']) out.reach_manual = false;
  if (v.muv !== '') out.muv = v.muv;
  else if (website.muv_source === 'manual') out.muv = null;
  return out;
}
