import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A description list: label above value on phones, label column beside value from `sm` up.
 * (Chakra's DataList does not take a responsive orientation reliably.)
 */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns={{ base: 'minmax(0, 1fr)', sm: '11rem minmax(0, 1fr)' }}
      columnGap="6"
      rowGap={{ base: '1', sm: '3' }}
    >
      {children}
    </Box>
  );
}

export function DetailItem({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <>
      <Box as="dt" color="fg.muted" fontSize="sm" pt={{ sm: '0.5' }}>
        {label}
      </Box>
      <Box
        as="dd"
        minW="0"
        wordBreak={mono ? 'break-all' : 'break-word'}
        fontFamily={mono ? 'mono' : undefined}
        mb={{ base: '3', sm: '0' }}
      >
        {children}
      </Box>
    </>
  );
}
