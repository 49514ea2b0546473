import { Stack, TextInput } from '@mantine/core';
import { LIMITS } from '../../../../common/limits';
import type { OrganizationForm } from './signup-forms';
import { StepActions } from './step-actions';
import { StepHeading } from './signup-layout';

/** The organisation (your company or agency) and the first brand it monitors. */
export function OrganizationStep({ form, onNext, onBack }: { form: OrganizationForm; onNext: () => void; onBack: () => void }) {
  return (
    <form onSubmit={form.onSubmit(() => onNext())} noValidate>
      <StepHeading
        title="Your organisation"
        description="Your team works inside an organisation. A brand is what you track coverage for — you can add more later."
      />
      <Stack gap="md">
        <TextInput
          label="Organisation name"
          description={`${LIMITS.organizationName.min} to ${LIMITS.organizationName.max} characters`}
          placeholder="Acme Studios"
          autoComplete="organization"
          required
          maxLength={LIMITS.organizationName.max}
          {...form.getInputProps('organization_name')}
        />
        <TextInput
          label="Brand name"
          description={`${LIMITS.brandName.min} to ${LIMITS.brandName.max} characters`}
          placeholder="Acme Games"
          required
          maxLength={LIMITS.brandName.max}
          {...form.getInputProps('brand_name')}
        />
      </Stack>
      <StepActions onBack={onBack} />
    </form>
  );
}
