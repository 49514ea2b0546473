import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { searchGames } from './signup-api';

// Spec 001 §9: the game lookup is debounced 500 ms and runs for more than 2 characters.
export const GAME_SEARCH_DEBOUNCE_MS = 500;
export const GAME_SEARCH_MIN_CHARS = 3;

/** Twitch games matching what the user typed, looked up once typing pauses. */
export function useGameSearch(term: string) {
  const [debounced] = useDebouncedValue(term.trim(), GAME_SEARCH_DEBOUNCE_MS);
  const enabled = debounced.length >= GAME_SEARCH_MIN_CHARS;
  const query = useQuery({
    queryKey: ['signup', 'games', debounced.toLowerCase()],
    queryFn: ({ signal }) => searchGames(debounced, signal),
    enabled,
    staleTime: 5 * 60_000,
    // A 503 (Twitch not connected) will not fix itself on a retry.
    retry: false,
  });
  return { ...query, enabled, pending: term.trim() !== debounced || (enabled && query.isFetching) };
}
