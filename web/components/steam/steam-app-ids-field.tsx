import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Pill, PillsInput } from '@mantine/core';
import { parseSteamAppId, STEAM_MAX_APPS, STEAM_MESSAGES } from '../../../common/schemas/steam';

export interface SteamAppIdsFieldProps {
  value: number[];
  onChange: (ids: number[]) => void;
  /** Names of the apps already read (GET projects/{id}/steam), shown on their chips instead of the id. */
  names?: Record<number, string | null | undefined>;
  /** The form's or the server's message. */
  error?: string;
  label?: string;
}

/** What a person typed or pasted, as app ids (and the first problem): ids or store addresses, one per line, comma or space. */
export function readSteamAppIds(text: string, current: number[]): { ids: number[]; problem: string | null; rest: string } {
  const pieces = text.split(/[\s,;]+/).filter(Boolean);
  const ids = [...current];
  const bad: string[] = [];
  let problem: string | null = null;
  for (const piece of pieces) {
    const id = parseSteamAppId(piece);
    if (id === null) {
      bad.push(piece);
      problem ??= STEAM_MESSAGES.appId;
    } else if (ids.includes(id)) problem ??= STEAM_MESSAGES.duplicate;
    else if (ids.length >= STEAM_MAX_APPS) {
      bad.push(piece);
      problem ??= STEAM_MESSAGES.tooMany;
    } else ids.push(id);
  }
  return { ids, problem, rest: bad.join(' ') };
}

/**
 * The project's games on Steam: paste an app id or a store, community or SteamDB address, and
 * each becomes a chip (the game's name once Steam has been read). Enter, a comma, a space or
 * leaving the field adds what was typed; Backspace in the empty field removes the last chip; each
 * chip's ✕ is a button. What is not an app id stays in the field with the catalogue's message.
 */
export function SteamAppIdsField({ value, onChange, names, error, label = 'Steam games' }: SteamAppIdsFieldProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const full = value.length >= STEAM_MAX_APPS;

  function add(raw: string) {
    if (!raw.trim()) return;
    const read = readSteamAppIds(raw, value);
    if (read.ids.length !== value.length) onChange(read.ids);
    setProblem(read.problem);
    setText(read.rest);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add(text);
    } else if (e.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
      setProblem(null);
    }
  }

  function onPaste(e: ClipboardEvent<HTMLInputElement>) {
    const pasted = e.clipboardData.getData('text');
    if (!pasted) return;
    e.preventDefault();
    add(`${text}${pasted}`);
  }

  return (
    <PillsInput
      label={label}
      description={`An app id or the game’s store address (store.steampowered.com/app/…); up to ${STEAM_MAX_APPS}. Its announcements and reviews appear on the project’s overview and in reports.`}
      error={problem ?? error}
      id={inputId}
    >
      <Pill.Group>
        {value.map((id) => {
          const name = names?.[id];
          const shown = name ? `${name} (${id})` : String(id);
          return (
            <Pill
              key={id}
              withRemoveButton
              onRemove={() => {
                onChange(value.filter((v) => v !== id));
                setProblem(null);
              }}
              removeButtonProps={{ 'aria-hidden': false, tabIndex: 0, 'aria-label': `Remove ${shown}` }}
              title={shown}
            >
              {shown}
            </Pill>
          );
        })}
        <PillsInput.Field
          id={inputId}
          value={text}
          placeholder={full ? undefined : value.length ? 'Add another game' : '620 or store.steampowered.com/app/620/'}
          disabled={full && text === ''}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => add(text)}
          aria-invalid={!!(problem ?? error)}
        />
      </Pill.Group>
    </PillsInput>
  );
}
