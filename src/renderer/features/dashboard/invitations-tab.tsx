import { EmptyState, Heading, Stack, Text } from '@chakra-ui/react';
import { MailOpen } from 'lucide-react';

/**
 * Events the customer was invited to (SPEC.md §2). GET /v1/customer-booking-requests/invitations
 * does not exist yet, so the list is always empty and this is the empty state the product shows for it.
 */
export function InvitationsTab() {
  return (
    <Stack gap="6" as="section" aria-labelledby="invitations-title">
      <Stack gap="1">
        <Heading as="h2" id="invitations-title" size="2xl">
          Mes invitations
        </Heading>
        <Text color="fg.muted">Les événements organisés par d’autres personnes auxquels vous participez.</Text>
      </Stack>
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" data-testid="invitations-empty">
        <EmptyState.Content>
          <EmptyState.Indicator color="brand.fg">
            <MailOpen aria-hidden />
          </EmptyState.Indicator>
          <Stack gap="2" textAlign="center" align="center">
            <EmptyState.Title as="p">Vous n’avez pas encore d’invitation</EmptyState.Title>
            <EmptyState.Description>
              Les invitations arrivent sous la forme d’un lien envoyé par l’organisateur d’un événement. En ouvrant ce
              lien, vous rejoignez sa réservation, qui apparaîtra ensuite ici.
            </EmptyState.Description>
          </Stack>
        </EmptyState.Content>
      </EmptyState.Root>
    </Stack>
  );
}
