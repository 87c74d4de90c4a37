import { lazy, Suspense, useSyncExternalStore } from 'react';
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
  viewWanted.request();
  // The store is its own chunk (toaster-store.ts), the view mounts with the first toast: toasts
  // raised before both are there show in the order they were raised, since one module's import
  // promises, and the reactions to one promise, settle in call order.
  void Promise.all([loadToaster(), viewWanted.mounted]).then(([toaster]) =>
    toaster.create({ type, title, duration, closable: true, ...options, id }),
  );
  return id;
}

/**
 * Whether a toast has been raised, so that the toasts' view is mounted, and when it has: a page
 * where none is raised never loads nor mounts it (docs/decisions.md, performance rule 2).
 */
const viewWanted = (() => {
  let wanted = false;
  let mountedNow: () => void = () => undefined;
  const mounted = new Promise<void>((resolve) => (mountedNow = resolve));
  const listeners = new Set<() => void>();
  return {
    mounted,
    mountedNow: () => mountedNow(),
    request() {
      if (wanted) return;
      wanted = true;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => wanted,
  };
})();

export const notify = {
  success: (title: string, options: ToastOptions = {}) => show('success', title, SUCCESS_DURATION, options),
  error: (title: string, options: ToastOptions = {}) => show('error', title, DEFAULT_DURATION, options),
  info: (title: string, options: ToastOptions = {}) => show('info', title, DEFAULT_DURATION, options),
  warning: (title: string, options: ToastOptions = {}) => show('warning', title, DEFAULT_DURATION, options),
};

/** The toasts' UI (Ark's toast machine) is its own chunk, out of the first render (docs/decisions.md, performance rule 2). */
const ToasterView = lazy(async () => ({ default: (await import('./toaster-view')).ToasterView }));

/**
 * Mounted with the first toast, once the page is interactive: the portal has no place in
 * pre-rendered markup (it would be moved out of #root while hydrating), and no toast can show
 * before that anyway. A toast is created once the view has mounted (`onMounted`), so that the
 * view's machine is there to show it.
 */
export function Toaster() {
  const isHydrated = useIsHydrated();
  const wanted = useSyncExternalStore(viewWanted.subscribe, viewWanted.get, () => false);
  if (!isHydrated || !wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView onMounted={viewWanted.mountedNow} />
    </Suspense>
  );
}
