/** An invitation link as the server sends it (`type: 'invite'`, id = the key; POST invite, GET p/ivs/{key}). */
export interface InviteAttributes {
  key: string;
  /** Relative: `/signup/{key}`. */
  url: string;
  status: string;
  expires: string;
  organization: { id: string; name: string };
}
