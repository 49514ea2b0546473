/** What the extraction service read from an article's page (`type: 'extraction'`, GET extract). */
export interface ExtractionAttributes {
  url: string;
  title: string | null;
  text: string | null;
  excerpt: string | null;
  image: string | null;
  published_at: string | null;
  language: string | null;
  site_name: string | null;
}
