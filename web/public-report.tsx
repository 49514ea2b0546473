import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { PublicReport } from './features/reports/routes/public-report-page';

/**
 * The shared report, /p/r/{id} (the server sends web/public-report.html for it): an entry of its
 * own, so that the page people open from a link, usually on a phone, loads what it shows — the
 * report and Mantine — without the app's router, TanStack Query, the workspace or the message
 * catalogue (docs/decisions.md, "The public report is an entry of its own").
 */
const reportId = decodeURIComponent(window.location.pathname.match(/^\/p\/r\/([^/]+)/)?.[1] ?? '');
const print = new URLSearchParams(window.location.search).get('print') === '1';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <PublicReport reportId={reportId} print={print} />
    </Providers>
  </StrictMode>,
);
