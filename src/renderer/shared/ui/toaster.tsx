import { lazy, Suspense } from 'react';
import { useIsHydrated } from './use-is-hydrated';

const loadToaster = async () => (await import('./toaster-store')).toaster;

/** Library defaults of SPEC.md §9: 4 s, 2 s for a success. */
const DEFAULT_DURATION = 4000;
const SUCCESS_DURATION = 2000;

type ToastOptions = { description?: string; duration?: number; id?: string };
type ToastType = 'success' | 'error' | 'info' | 'warning';

/**
 * Identical toasts are shown once: the id is made of the type and the texts, so a repeated
 * failure (a 'Continuer' clicked again) refreshes the toast on screen instead of stacking
 * another one.
 */
function show(type: ToastType, title: string, duration: number, options: ToastOptions): string {
  const id = options.id ?? `${type}:${title}:${options.description ?? ''}`;
  // The store is its own chunk (toaster-store.ts): toasts raised before it is there show in the
  // order they were raised, since one module's import promises settle in call order.
  void loadToaster().then((toaster) => toaster.create({ type, title, duration, closable: true, ...options, id }));
  return id;
}

export const notify = {
  success: (title: string, options: ToastOptions = {}) => show('success', title, SUCCESS_DURATION, options),
  error: (title: string, options: ToastOptions = {}) => show('error', title, DEFAULT_DURATION, options),
  info: (title: string, options: ToastOptions = {}) => show('info', title, DEFAULT_DURATION, options),
  warning: (title: string, options: ToastOptions = {}) => show('warning', title, DEFAULT_DURATION, options),
};

/** The toasts' UI (Ark's toast machine) is its own chunk, out of the first render (docs/decisions.md, performance rule 2). */
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
