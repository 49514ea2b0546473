import { useRef } from 'react';
import { Badge, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import type { ReportArticle } from '../api/types';
import { DEFAULT_TEMPLATE, TEMPLATE_PLACEHOLDERS, unknownPlaceholders } from '../lib/template';
import { CustomList } from './articles-section';

const PREVIEW_ROWS = 3;

/** The custom list's row template, placeholder chips that insert at the cursor, and a live preview. */
export function TemplateEditor({ value, onChange, articles }: { value: string; onChange: (t: string) => void; articles: ReportArticle[] }) {
  const input = useRef<HTMLInputElement>(null);
  const unknown = unknownPlaceholders(value);

  function insert(name: string) {
    const el = input.current;
    const token = `{{${name}}}`;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  return (
    <Stack gap="sm">
      <TextInput
        ref={input}
        label="Row template"
        description="Each article becomes one line of this template."
        leftSection={<IconTemplate size={16} />}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value.replace(/[\r\n]+/g, ' '))}
        placeholder={DEFAULT_TEMPLATE}
        error={unknown.length ? `Unknown placeholder${unknown.length > 1 ? 's' : ''}: ${unknown.map((u) => `{{${u}}}`).join(', ')}` : null}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group gap={6}>
        <Text size="xs" c="dimmed">
          Insert:
        </Text>
        {TEMPLATE_PLACEHOLDERS.map((p) => (
          <UnstyledButton key={p} onClick={() => insert(p)} aria-label={`Insert ${p}`}>
            <Badge variant="light" radius="sm" tt="none" style={{ cursor: 'pointer', fontFamily: 'var(--mantine-font-family-monospace)' }}>
              {`{{${p}}}`}
            </Badge>
          </UnstyledButton>
        ))}
      </Group>
      <Paper withBorder radius="md" bg="var(--mantine-color-default-hover)" data-testid="template-preview">
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" px="md" pt="sm">
          Preview
        </Text>
        <CustomList articles={articles} template={value || DEFAULT_TEMPLATE} limit={PREVIEW_ROWS} />
      </Paper>
    </Stack>
  );
}
