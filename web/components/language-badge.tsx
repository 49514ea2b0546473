import { Badge, Text, VisuallyHidden } from '@mantine/core';
import { countryDisplayName, languageDisplayName } from '../lib/display-names';
import secondary from './secondary-text.module.css';

/**
 * The one look of a language or country in a list: its code in a small outlined badge ("EN"),
 * which keeps the column narrow, and its full name ("English") as what a screen reader says and
 * what a hover shows. The code itself is hidden from screen readers: "E N" tells nobody anything.
 */
function CodeBadge({ code, name }: { code: string; name: string }) {
  return (
    <Badge size="sm" variant="default" radius="sm" tt="uppercase" title={name}>
      <span aria-hidden="true">{code}</span>
      <VisuallyHidden>{name}</VisuallyHidden>
    </Badge>
  );
}

/** No code: a dash on screen, the words for a screen reader. */
function NoCode({ label }: { label: string }) {
  return (
    <Text span size="sm" className={secondary.secondary}>
      <span aria-hidden="true">–</span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Text>
  );
}

/** An article's, video's or stream's language ("en" → EN, read "English"); a dash when it is unknown. */
export function LanguageBadge({ code }: { code: string | null | undefined }) {
  const name = languageDisplayName(code);
  return name && code ? <CodeBadge code={code} name={name} /> : <NoCode label="Unknown language" />;
}

/** A channel's or outlet's country ("US", read "United States"); a dash when there is none. */
export function CountryBadge({ code }: { code: string | null | undefined }) {
  const name = countryDisplayName(code);
  return name && code ? <CodeBadge code={code} name={name} /> : <NoCode label="Unknown country" />;
}
