import { createContext, use, type ComponentProps, type CSSProperties } from 'react';
import { Box, TableTbody, TableTd, TableTh, TableThead, TableTr, getSpacing, type MantineSpacing } from '@mantine/core';

/**
 * Mantine's Table, drawn the same (its classes, CSS variables and data attributes), for the tables
 * of a report (LocalTable), which the public report shows. Mantine's own `Table` carries
 * `Table.ScrollContainer`, whose ScrollArea imports floating-ui — ~14 KB brotli that a page with a
 * table but no floating element loaded at once (issue 28). The cells below (`TableEl.Tr`, …) draw
 * themselves inside `TableEl.Root`, and are Mantine's own `Table.Tr`, … inside Mantine's `Table`
 * (DataTable and the app's other tables), so the shared pieces (table-parts.tsx) serve both.
 */
interface LightTable {
  highlightOnHover: boolean;
  withRowBorders: boolean;
}
const LightTableContext = createContext<LightTable | null>(null);

/** Mantine's class names for the table's parts (the CSS module of its Table, as every part carries it). */
const classes = TableTh.classes as Record<'table' | 'thead' | 'tbody' | 'tr' | 'th' | 'td', string>;
const cx = (...names: (string | undefined | false)[]) => names.filter(Boolean).join(' ');

interface RootProps extends Omit<ComponentProps<'table'>, 'style'> {
  verticalSpacing?: MantineSpacing | number;
  horizontalSpacing?: MantineSpacing | number;
  highlightOnHover?: boolean;
  withRowBorders?: boolean;
  style?: CSSProperties;
}

/** `<Table>` with the options the report's tables use: spacing, row borders (default on), highlight on hover. */
function Root({ verticalSpacing = 7, horizontalSpacing, highlightOnHover = false, withRowBorders = true, className, style, ...others }: RootProps) {
  const vars = {
    '--table-horizontal-spacing': getSpacing(horizontalSpacing),
    '--table-vertical-spacing': getSpacing(verticalSpacing),
  } as CSSProperties;
  return (
    <LightTableContext value={{ highlightOnHover, withRowBorders }}>
      <table {...others} className={cx(classes.table, 'mantine-Table-table', className)} style={{ ...vars, ...style }} />
    </LightTableContext>
  );
}

function Thead(props: ComponentProps<typeof TableThead>) {
  if (!use(LightTableContext)) return <TableThead {...props} />;
  return <Box component="thead" {...props} className={cx(classes.thead, 'mantine-Table-thead', props.className)} />;
}

function Tbody(props: ComponentProps<typeof TableTbody>) {
  if (!use(LightTableContext)) return <TableTbody {...props} />;
  return <Box component="tbody" {...props} className={cx(classes.tbody, 'mantine-Table-tbody', props.className)} />;
}

function Tr(props: ComponentProps<typeof TableTr>) {
  const light = use(LightTableContext);
  if (!light) return <TableTr {...props} />;
  return (
    <Box
      component="tr"
      data-with-row-border={light.withRowBorders || undefined}
      data-hover={light.highlightOnHover || undefined}
      {...props}
      className={cx(classes.tr, 'mantine-Table-tr', props.className)}
    />
  );
}

function Th(props: ComponentProps<typeof TableTh>) {
  if (!use(LightTableContext)) return <TableTh {...props} />;
  return <Box component="th" {...props} className={cx(classes.th, 'mantine-Table-th', props.className)} />;
}

function Td(props: ComponentProps<typeof TableTd>) {
  if (!use(LightTableContext)) return <TableTd {...props} />;
  return <Box component="td" {...props} className={cx(classes.td, 'mantine-Table-td', props.className)} />;
}

export const TableEl = { Root, Thead, Tbody, Tr, Th, Td };
