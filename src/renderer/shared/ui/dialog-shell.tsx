import {
  cloneElement,
  lazy,
  Suspense,
  useState,
  type FormEvent,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

export interface DialogShellProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Under the title (the day a catalogue dialog fills). */
  description?: ReactNode;
  children: ReactNode;
  /** The footer's actions, after the cancel button. */
  actions?: ReactNode;
  /** An outline button that closes the dialog ('Annuler', 'Retour', 'Fermer'); none when omitted. */
  cancelLabel?: string;
  /** The button that opens the dialog, when the dialog owns it. */
  trigger?: ReactElement;
  /** An alertdialog: asks before what cannot be undone. */
  alert?: boolean;
  /** Wraps header, body and footer in a form submitted by the footer's submit button. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Back-office density: default-size buttons and a small close button. */
  compact?: boolean;
  /** A long content: full screen on phones, this width from md up, scrolling inside. */
  size?: 'lg' | 'xl';
  closeLabel?: string;
  /**
   * The element that takes the focus back once the dialog closes, when it is not the one focused
   * before it opened: a dialog opened from a menu item (gone with its menu) names the menu's button.
   */
  finalFocusEl?: () => HTMLElement | null;
  closeSize?: 'sm' | 'md' | 'lg';
  footerAlign?: 'center';
}

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  type?: string;
};

const DialogFrame = lazy(() => import('./dialog-frame').then((m) => ({ default: m.DialogFrame })));
let framePreload: Promise<unknown> | undefined;

/** Starts loading Chakra's Dialog before a first opening: a trigger pointed at, touched or focused. */
export const preloadDialogFrame = () => (framePreload ??= import('./dialog-frame'));

/**
 * The trigger of a dialog never opened yet, without Chakra's Dialog around it: it says what it opens
 * and opens it, as Dialog.Trigger would.
 */
function closedTrigger(trigger: ReactElement<TriggerProps>, open: () => void): ReactElement {
  return cloneElement(trigger, {
    type: trigger.props.type ?? 'button',
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      trigger.props.onPointerEnter?.(event);
      void preloadDialogFrame();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      trigger.props.onFocus?.(event);
      void preloadDialogFrame();
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      trigger.props.onClick?.(event);
      if (!event.defaultPrevented) open();
    },
  } as TriggerProps);
}

/**
 * The one dialog frame of the renderer (title, body, footer, 'Fermer' cross), customer and back-office.
 * Chakra's Dialog (its state machine and its code, `dialog-frame.tsx`) comes when the dialog first
 * opens and stays for its closing and later openings; until then a dialog is its trigger, or
 * nothing: a page with a confirmation per participant or per link starts no machine for them and
 * loads none of it before its first paint (docs/decisions.md, performance rule 25).
 */
export function DialogShell(props: DialogShellProps) {
  const { open, onOpenChange, trigger } = props;
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const closed = trigger ? closedTrigger(trigger as ReactElement<TriggerProps>, () => onOpenChange(true)) : null;
  if (!opened) return closed;
  return (
    <Suspense fallback={closed}>
      <DialogFrame {...props} />
    </Suspense>
  );
}
