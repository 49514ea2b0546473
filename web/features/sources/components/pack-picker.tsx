import { Checkbox, Stack, Text } from '@mantine/core';
import { SOURCE_CATEGORY_LABELS } from '../../../../common/schemas/sources';
import type { LanguageGroup } from '../api/source-packs';
import secondary from '../../../components/secondary-text.module.css';
import { packLabel } from './pack-language-card';
import type { PackSelection } from './use-pack-selection';
import classes from './sources.module.css';

const outlets = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'outlet' : 'outlets'}`;

/** One language's packs as checkboxes, under a checkbox for the whole language. */
function LanguagePicks({ group, selection }: { group: LanguageGroup; selection: PackSelection }) {
  const ids = group.packs.map((p) => p.id);
  const chosen = ids.filter(selection.isChosen).length;
  const total = group.packs.reduce((n, p) => n + p.outlets, 0);
  return (
    <fieldset className={classes.pickGroup}>
      <legend style={{ padding: 0, width: '100%' }}>
        <Checkbox
          label={
            <Text fw={600} size="sm">
              {group.name}
            </Text>
          }
          description={`${group.packs.length} ${group.packs.length === 1 ? 'pack' : 'packs'} · ${outlets(total)}`}
          aria-label={`All ${group.name} packs`}
          checked={chosen === ids.length}
          indeterminate={chosen > 0 && chosen < ids.length}
          onChange={(e) => selection.setMany(ids, e.currentTarget.checked)}
          classNames={{ description: secondary.secondary }}
        />
      </legend>
      <Stack gap={6} mt={8} ps="lg">
        {group.packs.map((p) => (
          <Checkbox
            key={p.id}
            size="sm"
            label={
              <>
                {SOURCE_CATEGORY_LABELS[p.category]}{' '}
                <Text span size="xs" className={secondary.secondary}>
                  · {outlets(p.outlets)}
                </Text>
              </>
            }
            aria-label={packLabel(p.category, group.name)}
            checked={selection.isChosen(p.id)}
            onChange={(e) => selection.toggle(p.id, e.currentTarget.checked)}
          />
        ))}
      </Stack>
    </fieldset>
  );
}

/** Every language's packs to tick, side by side when there is room. */
export function PackPicker({ groups, selection }: { groups: readonly LanguageGroup[]; selection: PackSelection }) {
  return (
    <div className={classes.pickGrid}>
      {groups.map((g) => (
        <LanguagePicks key={g.language} group={g} selection={selection} />
      ))}
    </div>
  );
}
