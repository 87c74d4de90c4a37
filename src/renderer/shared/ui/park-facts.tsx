import { Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { EstablishmentInfo } from '@shared/api/establishment.schema';
import { OPENING_HOURS } from '@shared/constants';
import { LineIcon, type LineIconData } from './line-icon';

/** One fact about the park (address, hours, phone…) under its heading and icon, on the home and contact pages. */
export function ParkFact({
  as,
  icon,
  title,
  children,
}: {
  as: 'h2' | 'h3';
  icon: LineIconData;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="1">
      <Heading as={as} size="md" display="flex" gap="2" alignItems="center">
        <LineIcon icon={icon} aria-hidden size={20} /> {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** The park's opening hours, one line a period. */
export function OpeningHoursList() {
  return (
    <Stack as="ul" gap="0" listStyleType="none">
      {OPENING_HOURS.map((entry) => (
        <li key={entry.label}>
          {entry.label} : {entry.hours}
        </li>
      ))}
    </Stack>
  );
}

/** The park's street, then its postcode, town and country, on two lines. */
export function PostalAddress({ address }: { address: EstablishmentInfo['address'] }) {
  return (
    <>
      {address.street}
      <br />
      {address.zipCode} {address.city}, {address.country}
    </>
  );
}
