import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { MSG } from '../../../common/messages';
import { PublicNotFound } from '../../components/public-frame';
import { renderWithProviders } from '../../testing/render';
import { NotFoundPage } from './routes/not-found-page';

const render = (element: React.ReactElement) =>
  renderWithProviders(<RouterProvider router={createMemoryRouter([{ path: '/x', element }], { initialEntries: ['/x'] })} />);

describe('not-found pages', () => {
  it.each([
    ['the app’s', <NotFoundPage key="app" />],
    ['the public report’s', <PublicNotFound key="public" />],
  ])('%s says 404 once, with its title', async (_, element) => {
    render(element);
    await screen.findByText(MSG.pages.notFound);
    const text = document.body.textContent ?? '';
    expect(text.match(/404/g)).toHaveLength(1);
    // …and not drawn a second time by the icon above it (Tabler's "error 404" picture).
    expect(document.querySelector('.tabler-icon-error-404')).toBeNull();
  });
});
