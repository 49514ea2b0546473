import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '../testing/render';
import { MediaName } from './media-cell';

describe('MediaName', () => {
  it('reads a domain left to right in any page direction, cut at its end with the whole name on hover', () => {
    renderWithProviders(<MediaName media="very-long-outlet-name.example.co.uk" linked={false} />);
    const name = screen.getByText('very-long-outlet-name.example.co.uk');
    expect(name.getAttribute('dir')).toBe('ltr');
    expect(name.getAttribute('title')).toBe('very-long-outlet-name.example.co.uk');
    expect(name.getAttribute('data-truncate')).toBe('end');
  });

  it('links the domain to its website page for the operator, the same way', () => {
    renderWithProviders(
      <MemoryRouter>
        <MediaName media="orbit-news.example" linked />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'orbit-news.example' });
    expect(link.getAttribute('href')).toBe('/websites/orbit-news.example');
    expect(link.getAttribute('dir')).toBe('ltr');
    expect(link.getAttribute('title')).toBe('orbit-news.example');
  });
});
