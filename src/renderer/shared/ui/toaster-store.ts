import { createToaster } from '@chakra-ui/react';

/** The sticky header's height (minH 16 = 4rem, plus its border) and a gap. */
export const TOAST_TOP_OFFSET = '4.75rem';

/**
 * Top right, at most 20 toasts (SPEC.md §9), below the sticky header so that they never cover
 * the account button. Zag's toast machine loads with the first toast or with the
 * toasts' view, whichever comes first, not in the first render (`notify` in toaster.tsx,
 * docs/decisions.md performance rule 2).
 */
export const toaster = createToaster({
  placement: 'top-end',
  pauseOnPageIdle: true,
  max: 20,
  offsets: { top: TOAST_TOP_OFFSET, right: '1rem', bottom: '1rem', left: '1rem' },
});
