import { cloneElement, useEffect, useRef, useState, type MouseEvent, type PointerEvent, type ReactElement } from 'react';
import { Tooltip, type TooltipProps } from '@mantine/core';

interface TargetProps {
  onPointerEnter?: (e: PointerEvent) => void;
  onMouseEnter?: (e: MouseEvent) => void;
  onMouseLeave?: (e: MouseEvent) => void;
}

/**
 * Mantine's Tooltip, mounted the first time the mouse rests on its target. Each Tooltip runs
 * floating-ui's hooks and effects when it mounts, open or not: a feed of 25 rows with two to four
 * each spent a long task on them (Lighthouse's TBT of a cold articles feed). Until then the target
 * is rendered alone; once the mouse has stayed over it for the tooltip's delay, the Tooltip mounts
 * open, and from then on it is Mantine's as it was. Touch, as with Mantine's default, shows none.
 */
export function HoverTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactElement<TargetProps> }) {
  const [armed, setArmed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touch = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (armed || props.events?.focus || props.events?.touch)
    return (
      <Tooltip {...props} defaultOpened={armed && !props.disabled}>
        {children}
      </Tooltip>
    );
  const own = children.props;
  return cloneElement(children, {
    onPointerEnter: (e: PointerEvent) => {
      own.onPointerEnter?.(e);
      touch.current = e.pointerType === 'touch';
    },
    onMouseEnter: (e: MouseEvent) => {
      own.onMouseEnter?.(e);
      if (touch.current || props.disabled) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setArmed(true), props.openDelay ?? 0);
    },
    onMouseLeave: (e: MouseEvent) => {
      own.onMouseLeave?.(e);
      clearTimeout(timer.current);
    },
  });
}
