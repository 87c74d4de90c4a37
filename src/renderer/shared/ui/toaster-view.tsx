import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { useEffect } from 'react';
import { toaster } from './toaster-store';

const SUCCESS_CONTRAST = { '&[data-type=success]': { bg: 'green.700', color: 'white' } };
const TOUCH_CLOSE = { '@media (pointer: coarse)': { minWidth: '11', minHeight: '11' } };

/**
 * Top right on wide screens, full width with a margin on phones. The region is named in French
 * (the library's own name reads 'Notifications, top-end (alt+T)'); a success is white on a green
 * dark enough for 4.5:1 (the recipe's green.solid gives 3.3:1); the close button grows to 44 px
 * under a finger (kiosk, phones).
 */
export function ToasterView({ onMounted }: { onMounted: () => void }) {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label="Notifications">
        {(toast) => (
          <Toast.Root recipe={toastSlotRecipe} width={{ md: 'sm' }} css={SUCCESS_CONTRAST} data-testid="toast">
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Fermer la notification" css={TOUCH_CLOSE} />}
          </Toast.Root>
        )}
      </ChakraToaster>
      {/* After the toaster in the tree: its effect runs once the toaster's own have. */}
      <Mounted onMounted={onMounted} />
    </Portal>
  );
}

function Mounted({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return null;
}
