import { useCallback, useEffect, useState } from 'react';

/**
 * Marks the page ready for the PDF printer (`document.body.dataset.reportReady = "true"`) once
 * the data is loaded, every expected chart has drawn and the highlight pictures have settled.
 * The server's headless Chromium waits for that mark before printing.
 */
export function useReportReady(opts: { dataLoaded: boolean; charts: string[]; imagesExpected: boolean }) {
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(new Set());
  const [imagesReady, setImagesReady] = useState(false);

  const chartDrawn = useCallback((name: string) => setDrawn((prev) => (prev.has(name) ? prev : new Set(prev).add(name))), []);
  const imagesSettled = useCallback(() => setImagesReady(true), []);

  const ready = opts.dataLoaded && opts.charts.every((c) => drawn.has(c)) && (!opts.imagesExpected || imagesReady);
  useEffect(() => {
    if (!ready) return;
    document.body.dataset.reportReady = 'true';
    return () => {
      delete document.body.dataset.reportReady;
    };
  }, [ready]);
  return { ready, chartDrawn, imagesSettled };
}
