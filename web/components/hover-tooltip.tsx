import {
  cloneElement,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  type RefObject,
} from 'react';
import { useMantineTheme, type Tooltip as MantineTooltip, type TooltipProps } from '@mantine/core';

interface TargetProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (e: PointerEvent) => void;
  onPointerDown?: (e: PointerEvent) => void;
  onMouseEnter?: (e: MouseEvent) => void;
  onMouseLeave?: (e: MouseEvent) => void;
  onFocus?: (e: FocusEvent) => void;
}

type TooltipComponent = typeof MantineTooltip;

/** Mantine's Tooltip once loaded (web/components/tooltip-impl.ts), and the load under way. */
let loaded: TooltipComponent | undefined;
let loading: Promise<TooltipComponent> | undefined;

function loadTooltip(): Promise<TooltipComponent> {
  loading ??= import('./tooltip-impl').then(
    (m) => (loaded = m.Tooltip),
    (err: unknown) => {
      // A chunk that failed to load (offline, a deploy replaced it) is tried again on the next hover.
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/**
 * Mantine's Tooltip, loaded and mounted the first time it is wanted: when the mouse rests on its
 * target for the tooltip's delay, or the target gets the focus other than by a click or a tap (the
 * keyboard's). Each Tooltip runs floating-ui's hooks and effects when it mounts, open or not (a feed
 * of 25 rows with two to four each spent a long task on them), and its code — floating-ui, Portal,
 * Transition, ~20 KB brotli — is not part of a page that shows none open (the public report, issue 28). Until then the target is rendered alone;
 * once wanted, the Tooltip mounts open (the target's element is created anew, and keeps the focus it
 * had), and from then on it is Mantine's as it was, opening on hover and on focus. Touch, as with
 * Mantine's default, shows none.
 */
export function HoverTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactElement<TargetProps> }) {
  const theme = useMantineTheme();
  const [armed, setArmed] = useState(false);
  const [Tooltip, setTooltip] = useState<TooltipComponent | undefined>(() => loaded);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touch = useRef(false);
  const hovered = useRef(false);
  /** A pointer was just pressed on the target: the focus that follows is a click's or a tap's, not the keyboard's. */
  const pressed = useRef(false);
  const target = useRef<HTMLElement | null>(null);
  /** The target had the focus when the tooltip was armed: its new element takes it back. */
  const refocus = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLayoutEffect(() => {
    if (!armed || !refocus.current) return;
    refocus.current = false;
    target.current?.focus({ preventScroll: true });
  }, [armed]);

  const events = { hover: true, focus: true, touch: false, ...props.events };
  const arm = (stillWanted: () => boolean) =>
    loadTooltip().then(
      (T) => {
        if (!stillWanted()) return;
        refocus.current = !!target.current && target.current === document.activeElement;
        setTooltip(() => T);
        setArmed(true);
      },
      () => {},
    );

  if (armed && Tooltip)
    return (
      <Tooltip {...props} events={events} defaultOpened={!props.disabled} ref={target as RefObject<HTMLDivElement | null>}>
        {children}
      </Tooltip>
    );

  const own = children.props;
  const themeDelay = (theme.components.Tooltip?.defaultProps as Partial<TooltipProps> | undefined)?.openDelay;
  const delay = props.openDelay ?? themeDelay ?? 0;
  return cloneElement(children, {
    ref: (node: HTMLElement | null) => {
      target.current = node;
      const ref = own.ref;
      if (typeof ref === 'function') ref(node);
      else if (ref) (ref as { current: HTMLElement | null }).current = node;
    },
    onPointerEnter: (e: PointerEvent) => {
      own.onPointerEnter?.(e);
      touch.current = e.pointerType === 'touch';
    },
    onMouseEnter: (e: MouseEvent) => {
      own.onMouseEnter?.(e);
      if (touch.current || props.disabled || !events.hover) return;
      hovered.current = true;
      void loadTooltip().catch(() => {});
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void arm(() => hovered.current), delay);
    },
    onMouseLeave: (e: MouseEvent) => {
      own.onMouseLeave?.(e);
      hovered.current = false;
      clearTimeout(timer.current);
    },
    onPointerDown: (e: PointerEvent) => {
      own.onPointerDown?.(e);
      pressed.current = true;
      setTimeout(() => (pressed.current = false));
    },
    onFocus: (e: FocusEvent) => {
      own.onFocus?.(e);
      if (props.disabled || !events.focus || pressed.current) return;
      const el = e.currentTarget;
      void arm(() => document.activeElement === el);
    },
  });
}
