/** An uploaded image as the server sends it (`type: 'upload'`; POST uploads, POST p/f/av). */
export interface UploadAttributes {
  /** Where the image is served. */
  url: string;
  content_type: string;
  size: number;
  width: number | null;
  height: number | null;
  scope: string;
  description: string | null;
}
