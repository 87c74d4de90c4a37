import { Box, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useFormattedPhone } from '../format/phone';
import { BreakableEmail } from './breakable';

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

/** A person as a detail's value: the name, the e-mail (breakable), and the phone when there is one. */
export function ContactLines({
  person,
}: {
  person: { firstName: string; lastName: string; email: string; phone?: string | null };
}) {
  const phone = useFormattedPhone(person.phone || undefined);
  return (
    <Stack gap="0">
      <Text>
        {person.firstName} {person.lastName}
      </Text>
      <Text color="fg.muted">
        <BreakableEmail email={person.email} />
      </Text>
      {person.phone && <Text color="fg.muted">{phone}</Text>}
    </Stack>
  );
}
