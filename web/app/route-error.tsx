import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../features/errors/routes/not-found-page';
import { ServerErrorPage } from '../features/errors/routes/server-error-page';

/** What the router shows when a screen throws: the 404 or the 500 page. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);
  return <ServerErrorPage />;
}
