import { useState } from 'react';
import { Avatar, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDeviceGamepad2 } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { ApiError } from '../../../lib/api';
import { GAME_SEARCH_DEBOUNCE_MS, GAME_SEARCH_MIN, useGameSearch, type TwitchGame } from '../api/twitch-feed';

export interface ChosenGame {
  id: string;
  name: string;
}

interface Props {
  value: ChosenGame | null;
  onChange: (game: ChosenGame | null) => void;
  error?: string;
}

/** Box art at a small size: Twitch gives a `{width}x{height}` template. */
const boxArt = (url: string | null) => (url ? url.replace('{width}', '52').replace('{height}', '72') : undefined);

/**
 * The game of a stream feed: type more than 2 characters, and after a 500 ms pause the
 * matching Twitch categories are offered with their box art (GET twitch_feed/preview).
 */
export function GameSelect({ value, onChange, error }: Props) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState(value?.name ?? '');
  // Typed a name but left without picking one: say why Save stays disabled.
  const [left, setLeft] = useState(false);
  const [settled] = useDebouncedValue(search, GAME_SEARCH_DEBOUNCE_MS);
  // Showing the chosen game's name is not a new search.
  const term = value && settled === value.name ? '' : settled;
  const games = useGameSearch(term);
  // Picking a game fills the input with its name: that is not typing, and nothing loads.
  const typing = !value && search.trim().length >= GAME_SEARCH_MIN && search !== settled;
  const notConnected = games.error instanceof ApiError && games.error.status === 503 ? games.error.message : null;

  const list: TwitchGame[] = games.data ?? [];
  const options = list.map((g) => (
    <Combobox.Option value={g.id} key={g.id}>
      <Group gap="sm" wrap="nowrap">
        <Avatar src={boxArt(g.box_art_url)} alt="" radius={2} size={36} style={{ aspectRatio: '52 / 72', height: 44 }}>
          <IconDeviceGamepad2 size={18} />
        </Avatar>
        <Text size="sm">{g.name}</Text>
      </Group>
    </Combobox.Option>
  ));

  function pick(id: string) {
    const game = list.find((g) => g.id === id);
    if (!game) return;
    onChange({ id: game.id, name: game.name });
    setSearch(game.name);
    combobox.closeDropdown();
  }

  const hint =
    search.trim().length < GAME_SEARCH_MIN
      ? 'Type at least 3 characters'
      : notConnected
        ? notConnected
        : games.isError
          ? (games.error as Error).message
          : !typing && !games.isFetching && games.data && list.length === 0
            ? 'No game found'
            : null;

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal>
      <Combobox.Target>
        <TextInput
          label="Game"
          required
          placeholder="Search a game on Twitch"
          leftSection={<IconDeviceGamepad2 size={16} />}
          rightSection={!value && (games.isFetching || typing) ? <Loader size={14} /> : null}
          value={search}
          error={error ?? (left && !value && search.trim() ? MSG.streams.gameRequired : undefined)}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setLeft(false);
            // Typing again drops the chosen game until another one is picked.
            if (value) onChange(null);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            setLeft(true);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!hint && options.length === 0}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {options.length > 0 ? options : hint ? <Combobox.Empty>{hint}</Combobox.Empty> : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
