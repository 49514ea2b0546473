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
}

const boxArt = (url: string) => url.replace('{width}', '52').replace('{height}', '72');

/** Picks the Twitch game of the stream alert, searching Twitch as the user types. */
export function GameSelect({ value, onChange, required, disabled }: GameSelectProps) {
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

  // The server's reason (e.g. Twitch not connected) is worth reading: under the field and in the list.
  const error = games.isError ? (games.error instanceof ApiError ? games.error.message : String(games.error)) : undefined;

  let nothingFound: string;
  if (search.trim().length < GAME_SEARCH_MIN_CHARS) nothingFound = `Type at least ${GAME_SEARCH_MIN_CHARS} characters`;
  else if (games.pending) nothingFound = 'Searching…';
  else nothingFound = error ?? 'No game matches';

  return (
    <Select
      label="Game"
      description="Streams are tracked for one game"
      placeholder="Search Twitch games"
      searchable
      clearable
      required={required}
      disabled={disabled}
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
