import { Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { LIMITS } from '../../../../common/limits';
import { formatVisitors, mediaScoreFromRank } from '../../../../common/media-score';
import { scoreBasis, visitorsBasis } from '../../../../common/schemas/reach';
import { FormModalActions } from '../../../components/form-modal-actions';
import { closeThenReset } from '../../../components/modal-reset';
import { toastError } from '../../../components/toasts';
import { serverFieldErrors } from '../../../lib/form';
import { useMediatypeOptions, useUpdateWebsite, type Website } from '../api/websites';
import secondary from '../../../components/secondary-text.module.css';
import { editScoreAttributes, toNumber, useEditScoreForm, type EditScoreValues } from './use-edit-score-form';

/** What the ranking gives this website, in words ("Tranco rank 1,234 on 2026-11-20 → 7.8"). */
function rankingBasis(w: Website): { score: number; basis: string } {
  if (w.reach_source !== 'manual') return { score: w.reach, basis: w.reach_basis };
  const score = mediaScoreFromRank(w.rank);
  return { score, basis: scoreBasis({ reach: score, reach_source: w.rank !== null ? 'ranking' : 'default', rank: w.rank, rank_list_date: w.rank_list_date }) };
}

/** Where the visitors figure comes from when none is typed. */
function visitorsHint(w: Website): string {
  if (w.muv_source === 'manual') return 'Typed by a person. Empty the field to use SimilarWeb’s figure or the estimate from the rank.';
  if (w.muv !== null && w.muv_source) return `Now ${formatVisitors(w.muv)} (${visitorsBasis(w.muv_source)}). Type a figure only to replace it.`;
  return 'Unknown for now. Type a figure only if you know it better.';
}

/**
 * Edit the media score: the traffic ranking's (the default), or typed by a person and kept when
 * the ranking changes; with the typed score, "Use the ranking's score" goes back at once.
 */
export function EditScoreModal({ website, opened, onClose }: { website: Website; opened: boolean; onClose: () => void }) {
  const update = useUpdateWebsite(website.id);
  const mediatypes = useMediatypeOptions();
  const form = useEditScoreForm(website);
  const v = form.values;
  const ranking = rankingBasis(website);
  const close = () => closeThenReset(onClose, form.reset);

  async function save(attributes: ReturnType<typeof editScoreAttributes>) {
    try {
      await update.mutateAsync(attributes);
      close();
    } catch (err) {
      const f = serverFieldErrors(err);
      if (Object.keys(f).length) form.setErrors({ reach: f.reach, muv: f.muv, mediatypeId: f.mediatype_id });
      else toastError(err);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={`Media score of ${website.domain}`} size="md">
      <form onSubmit={form.onSubmit((values: EditScoreValues) => save(editScoreAttributes(website, values)))} noValidate>
        <Stack gap="md">
          <div>
            <Text size="sm">
              From the traffic ranking: <b>{ranking.score.toFixed(1)}</b>
            </Text>
            <Text size="xs" className={secondary.secondary} data-testid="ranking-basis">
              {ranking.basis}
            </Text>
          </div>
          <Switch
            label="Type the media score by hand"
            description="A typed score is kept when the ranking changes."
            classNames={{ description: secondary.secondary }}
            checked={v.manual}
            onChange={(e) => form.setFieldValue('manual', e.currentTarget.checked)}
          />
          {v.manual && (
            <NumberInput
              label="Media score"
              description="From 0.1 to 10"
              classNames={{ description: secondary.secondary }}
              min={LIMITS.mediaScore.min}
              max={LIMITS.mediaScore.max}
              step={0.1}
              decimalScale={1}
              {...form.getInputProps('reach')}
              onChange={(x) => form.setFieldValue('reach', toNumber(x))}
            />
          )}
          {website['reach-manual'] && (
            <Group>
              <Button variant="light" leftSection={<IconArrowBackUp size={16} />} onClick={() => save({ reach_manual: false })} loading={update.isPending}>
                Use the ranking&apos;s score
              </Button>
            </Group>
          )}
          <NumberInput
            label="Monthly unique visitors"
            description={visitorsHint(website)}
            classNames={{ description: secondary.secondary }}
            min={0}
            step={1000}
            thousandSeparator=","
            allowDecimal={false}
            {...form.getInputProps('muv')}
            onChange={(x) => form.setFieldValue('muv', toNumber(x))}
          />
          <Select
            label="Media type"
            placeholder="None"
            clearable
            data={mediatypes.data ?? []}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('mediatypeId')}
          />
          <Checkbox label="Metacritic publication" {...form.getInputProps('isMetacritic', { type: 'checkbox' })} />
          <Checkbox
            label="On the EA outlet list"
            description="Organizations with regional filters can show these outlets alone (EA-only filter)."
            classNames={{ description: secondary.secondary }}
            {...form.getInputProps('isEa', { type: 'checkbox' })}
          />
          <FormModalActions onCancel={close} submitLabel="Save" loading={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
