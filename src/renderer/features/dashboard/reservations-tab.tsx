import { Button, EmptyState, Heading, Stack, Text } from '@chakra-ui/react';
import { CalendarPlus } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The customer's own booking requests (SPEC.md §2). GET /v1/customer-booking-requests does not
 * exist yet, so the list is always empty and this is the empty state the product shows for it.
 */
export function ReservationsTab() {
  return (
    <Stack gap="6" as="section" aria-labelledby="reservations-title">
      <Stack gap="1">
        <Heading as="h2" id="reservations-title" size="2xl">
          Mes réservations
        </Heading>
        <Text color="fg.muted">Les demandes de réservation que vous avez faites en tant qu’organisateur.</Text>
      </Stack>
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" data-testid="reservations-empty">
        <EmptyState.Content>
          <EmptyState.Indicator color="brand.fg">
            <CalendarPlus aria-hidden />
          </EmptyState.Indicator>
          <Stack gap="2" textAlign="center" align="center">
            <EmptyState.Title as="p">Vous n’avez pas encore de demande de réservation</EmptyState.Title>
            <EmptyState.Description>
              Composez votre événement en trois étapes : notre équipe étudie votre demande et vous recontacte sous 24 h
              avec un devis personnalisé.
            </EmptyState.Description>
          </Stack>
          <Button asChild colorPalette="brand" size="lg" whiteSpace="normal" height="auto" minH="11" py="2">
            <RouterLink to="/reservation">Faire une demande de réservation</RouterLink>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    </Stack>
  );
}
