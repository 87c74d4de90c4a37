import {
  Toaster as ChakraToaster,
  createToaster,
  Portal,
  Spinner,
  Stack,
  Toast,
} from '@chakra-ui/react';

/** Top right, at most 20 toasts (SPEC.md §9). */
export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 20 });

/** Library defaults of SPEC.md §9: 4 s, 2 s for a success. */
const DEFAULT_DURATION = 4000;
const SUCCESS_DURATION = 2000;

type ToastOptions = { description?: string; duration?: number; id?: string };

export const notify = {
  success: (title: string, options: ToastOptions = {}) =>
    toaster.create({ type: 'success', title, duration: SUCCESS_DURATION, closable: true, ...options }),
  error: (title: string, options: ToastOptions = {}) =>
    toaster.create({ type: 'error', title, duration: DEFAULT_DURATION, closable: true, ...options }),
  info: (title: string, options: ToastOptions = {}) =>
    toaster.create({ type: 'info', title, duration: DEFAULT_DURATION, closable: true, ...options }),
  warning: (title: string, options: ToastOptions = {}) =>
    toaster.create({ type: 'warning', title, duration: DEFAULT_DURATION, closable: true, ...options }),
};

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Fermer la notification" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
