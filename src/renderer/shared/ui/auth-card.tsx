import { Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The frame of every authentication page, customer and staff: a centred card with a title, an
 * optional lead, and on the staff pages a kicker naming the team's area.
 */
export function AuthCard({
  title,
  lead,
  kicker,
  width = 'lg',
  children,
}: {
  title: string;
  lead?: ReactNode;
  kicker?: string;
  width?: 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Container maxW={width} py={{ base: '8', md: '16' }} px={{ base: '4', md: '6' }}>
      <Card.Root>
        <Card.Body gap="6" p={{ base: '5', md: '8' }}>
          <Stack gap="2">
            {kicker && (
              <Text color="brand.fg" fontWeight="semibold" fontSize="sm">
                {kicker}
              </Text>
            )}
            <Heading as="h1" size="2xl">
              {title}
            </Heading>
            {lead && <Text color="fg.muted">{lead}</Text>}
          </Stack>
          {children}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
