import { Checkbox, Modal, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LIMITS } from '../../../../common/limits';
import { mediaScoreFromTraffic } from '../../../../common/media-score';
import { FormModalActions } from '../../../components/form-modal-actions';
import { closeThenReset } from '../../../components/modal-reset';
import { toastError } from '../../../components/toasts';
import { serverFieldErrors } from '../../../lib/form';
import { useMediatypeOptions, useUpdateWebsite, type Website } from '../api/websites';

interface Values {
  manual: boolean;
  reach: number | '';
  muv: number | '';
  rank: number | '';
  mediatypeId: string | null;
  isMetacritic: boolean;
  isEa: boolean;
}

const num = (v: string | number) => (typeof v === 'number' ? v : v === '' ? '' : Number(v));

/**
 * Edit the media score: either typed by hand, or derived from monthly visitors (else the
 * traffic rank) with the same formula as the server (common/media-score.ts).
 */
export function EditScoreModal({ website, opened, onClose }: { website: Website; opened: boolean; onClose: () => void }) {
  const update = useUpdateWebsite(website.id);
  const mediatypes = useMediatypeOptions();
  const form = useForm<Values>({
    initialValues: {
      manual: website['reach-manual'],
      reach: website.reach,
      muv: website.muv ?? '',
      rank: website.rank ?? '',
      mediatypeId: website['mediatype-id'],
      isMetacritic: website.is_metacritic,
      isEa: website.is_ea,
    },
    validate: {
      reach: (v, all) =>
        all.manual && (v === '' || v < LIMITS.mediaScore.min || v > LIMITS.mediaScore.max) ? 'Media score must be between 0.1 and 10' : null,
      muv: (v) => (v !== '' && (v < 0 || !Number.isInteger(v)) ? 'Monthly visitors must be a whole number' : null),
      rank: (v) => (v !== '' && (v < 1 || !Number.isInteger(v)) ? 'Rank must be at least 1' : null),
    },
  });
  const v = form.values;
  const derived = mediaScoreFromTraffic({ muv: v.muv === '' ? null : v.muv, rank: v.rank === '' ? null : v.rank });
  const close = () => closeThenReset(onClose, form.reset);

  async function submit(values: Values) {
    try {
      await update.mutateAsync({
        reach_manual: values.manual,
        ...(values.manual && values.reach !== '' ? { reach: values.reach } : {}),
        muv: values.muv === '' ? null : values.muv,
        rank: values.rank === '' ? null : values.rank,
        mediatype_id: values.mediatypeId,
        is_metacritic: values.isMetacritic,
        is_ea: values.isEa,
      });
      close();
    } catch (err) {
      const f = serverFieldErrors(err);
      if (Object.keys(f).length) form.setErrors({ reach: f.reach, muv: f.muv, rank: f.rank, mediatypeId: f.mediatype_id });
      else toastError(err);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={`Media score of ${website.domain}`} size="md">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <NumberInput label="Monthly unique visitors" min={0} step={1000} thousandSeparator="," allowDecimal={false} {...form.getInputProps('muv')} onChange={(x) => form.setFieldValue('muv', num(x))} />
          <NumberInput label="Global traffic rank" min={1} allowDecimal={false} thousandSeparator="," {...form.getInputProps('rank')} onChange={(x) => form.setFieldValue('rank', num(x))} />
          <Switch label="Set the media score by hand" checked={v.manual} onChange={(e) => form.setFieldValue('manual', e.currentTarget.checked)} />
          {v.manual ? (
            <NumberInput
              label="Media score"
              description="From 0.1 to 10"
              min={LIMITS.mediaScore.min}
              max={LIMITS.mediaScore.max}
              step={0.1}
              decimalScale={1}
              {...form.getInputProps('reach')}
              onChange={(x) => form.setFieldValue('reach', num(x))}
            />
          ) : (
            <Text size="sm" c="dimmed">
              Media score from traffic: <b>{derived.toFixed(1)}</b> (a log scale: 1,000 visitors a month is 0.1, a million 5, a billion 10).
            </Text>
          )}
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
            {...form.getInputProps('isEa', { type: 'checkbox' })}
          />
          <FormModalActions onCancel={close} submitLabel="Save" loading={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
