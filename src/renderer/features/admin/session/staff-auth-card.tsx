import { Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The frame of the staff login and setup pages. */
export function StaffAuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <Container maxW="md" py={{ base: '8', md: '16' }} px={{ base: '4', md: '6' }}>
      <Card.Root>
        <Card.Body gap="6" p={{ base: '5', md: '8' }}>
          <Stack gap="2">
            <Text color="brand.fg" fontWeight="semibold" fontSize="sm">
              Espace équipe du parc
            </Text>
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
