import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useIsHydrated } from './use-is-hydrated';

/** The sticky header's height (minH 16 = 4rem, plus its border) and a gap. */
export const TOAST_TOP_OFFSET = '4.75rem';

/**
 * Top right, at most 20 toasts (SPEC.md §9), below the sticky header so that they never cover
 * the account button (issue 11 §12).
 */
export const toaster = createToaster({
  placement: 'top-end',
  pauseOnPageIdle: true,
  max: 20,
  offsets: { top: TOAST_TOP_OFFSET, right: '1rem', bottom: '1rem', left: '1rem' },
});

/** Library defaults of SPEC.md §9: 4 s, 2 s for a success. */
const DEFAULT_DURATION = 4000;
const SUCCESS_DURATION = 2000;

type ToastOptions = { description?: string; duration?: number; id?: string };
type ToastType = 'success' | 'error' | 'info' | 'warning';

/**
 * Identical toasts are shown once: the id is made of the type and the texts, so a repeated
 * failure (a 'Continuer' clicked again) refreshes the toast on screen instead of stacking
 * another one (issue 11 §12).
 */
function show(type: ToastType, title: string, duration: number, options: ToastOptions) {
  const id = options.id ?? `${type}:${title}:${options.description ?? ''}`;
  return toaster.create({ type, title, duration, closable: true, ...options, id });
}

export const notify = {
  success: (title: string, options: ToastOptions = {}) => show('success', title, SUCCESS_DURATION, options),
  error: (title: string, options: ToastOptions = {}) => show('error', title, DEFAULT_DURATION, options),
  info: (title: string, options: ToastOptions = {}) => show('info', title, DEFAULT_DURATION, options),
  warning: (title: string, options: ToastOptions = {}) => show('warning', title, DEFAULT_DURATION, options),
};

/** The toasts' UI (Ark's toast machine) is its own chunk, out of the first render (issue 12). */
const ToasterView = lazy(async () => ({ default: (await import('./toaster-view')).ToasterView }));

/**
 * Mounted once the page is interactive: the portal has no place in pre-rendered markup (it would
 * be moved out of #root while hydrating), and no toast can show before that anyway.
 */
export function Toaster() {
  const isHydrated = useIsHydrated();
  if (!isHydrated) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
