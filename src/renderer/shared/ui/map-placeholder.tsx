import { Stack, Text } from '@chakra-ui/react';
import { __iconData as mapPinIcon } from 'lucide-react/icons/map-pin';
import { LineIcon } from './line-icon';
import type { ReactNode } from 'react';

/** The access-map box of the home and contact pages (no map tiles are loaded: a framed caption). */
export function MapPlaceholder({
  city,
  minH,
  iconSize,
  gap,
  children,
}: {
  city: string;
  minH: string;
  iconSize: number;
  gap?: string;
  children?: ReactNode;
}) {
  return (
    <Stack
      as="figure"
      align="center"
      justify="center"
      minH={minH}
      rounded="xl"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor="brand.300"
      bg="brand.subtle"
      p="6"
      textAlign="center"
      gap={gap}
    >
      <LineIcon icon={mapPinIcon} aria-hidden size={iconSize} />
      <Text as="figcaption" fontWeight="semibold">
        Plan d’accès : {city}
      </Text>
      {children}
    </Stack>
  );
}
