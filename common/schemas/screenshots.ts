/** A highlight's screenshot as the server sends it (`type: 'screenshot'`, id = the saved article's id). */
export interface ScreenshotAttributes {
  article_id: string;
  article_url: string;
  status: 'pending' | 'ready' | 'failed';
  source: 'screenshot' | 'preview' | 'placeholder' | null;
  /** Where its JPEG is served to this caller; null without one. */
  image_url: string | null;
  error: string | null;
  'inserted-at': string;
  'updated-at': string;
}
