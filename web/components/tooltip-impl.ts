/**
 * Mantine's Tooltip, in a module of its own so that web/components/hover-tooltip.tsx can load it
 * (floating-ui, Popover's positioning, Portal, Transition: ~30 KB brotli) the first time a tooltip
 * is wanted, rather than with the page. Import HoverTooltip, not this.
 */
export { Tooltip } from '@mantine/core';
