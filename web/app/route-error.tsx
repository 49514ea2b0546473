import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { FullPageLoader } from '../components/full-page-loader';
import { ServerErrorPage } from '../features/errors/routes/server-error-page';
import { isChunkLoadError, mayReload, reloadForChunk } from './chunk-reload';

/**
 * What shows when a screen throws: the 500 page. A screen whose chunk could not be fetched (the
 * app was deployed since the page opened) reloads the page once instead.
 */
export function RouteError({ error }: { error: unknown }) {
  const reload = isChunkLoadError(error) && mayReload();
  useEffect(() => {
    if (reload) reloadForChunk();
  }, [reload]);
  if (reload) return <FullPageLoader />;
  return <ServerErrorPage />;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: string;
}

/**
 * Catches what any route throws while rendering (or a chunk that fails to load) and shows
 * RouteError in its place; moving to another path (`resetKey`) tries again.
 */
export class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
