import { useMemo, useState } from 'react';
import { Avatar, Group, Loader, Select, Text } from '@mantine/core';
import { ApiError } from '../../../lib/api';
import type { Game } from '../api/signup-api';
import { GAME_SEARCH_MIN_CHARS, useGameSearch } from '../api/use-game-search';

interface GameSelectProps {
  value: string;
  onChange: (gameId: string) => void;
  required?: boolean;
  disabled?: boolean;
  /** Set when the server cannot search games (Twitch not configured): the field is disabled and says why. */
  unavailableReason?: string | null;
}

const boxArt = (url: string) => url.replace('{width}', '52').replace('{height}', '72');

/** Picks the Twitch game of the stream alert, searching Twitch as the user types. */
export function GameSelect({ value, onChange, required, disabled, unavailableReason }: GameSelectProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Game | null>(null);
  const games = useGameSearch(search);

  const byId = useMemo(() => {
    const map = new Map<string, Game>();
    if (chosen) map.set(chosen.id, chosen);
    for (const g of games.data ?? []) map.set(g.id, g);
    return map;
  }, [chosen, games.data]);
  const data = useMemo(() => [...byId.values()].map((g) => ({ value: g.id, label: g.name })), [byId]);

  // Twitch not connected (503 `unavailable`) is the server's state, not the user's mistake: the
  // field is disabled and says why, calmly. Other failures are worth reading in red.
  const serverUnavailable = games.isError && games.error instanceof ApiError && games.error.status === 503 ? games.error.message : null;
  const reason = unavailableReason ?? serverUnavailable;
  const error = games.isError && !reason ? (games.error instanceof ApiError ? games.error.message : String(games.error)) : undefined;

  let nothingFound: string;
  if (search.trim().length < GAME_SEARCH_MIN_CHARS) nothingFound = `Type at least ${GAME_SEARCH_MIN_CHARS} characters`;
  else if (games.pending) nothingFound = 'Searching…';
  else nothingFound = error ?? 'No game matches';

  return (
    <Select
      label="Game"
      description={reason ?? 'Streams are tracked for one game'}
      placeholder={reason ? 'Not available' : 'Search Twitch games'}
      searchable
      clearable
      required={required && !reason}
      disabled={disabled || !!reason}
      value={value || null}
      onChange={(id) => {
        setChosen(id ? (byId.get(id) ?? null) : null);
        onChange(id ?? '');
      }}
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      // Twitch already matched the term (loosely); do not filter its answer again.
      filter={({ options }) => options}
      nothingFoundMessage={nothingFound}
      rightSection={games.pending ? <Loader size="xs" /> : undefined}
      error={error}
      renderOption={({ option }) => {
        const game = byId.get(option.value);
        return (
          <Group gap="sm" wrap="nowrap">
            {game?.box_art_url && <Avatar src={boxArt(game.box_art_url)} radius="sm" size="md" alt="" />}
            <Text size="sm">{option.label}</Text>
          </Group>
        );
      }}
    />
  );
}
