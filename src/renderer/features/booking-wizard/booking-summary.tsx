import { Alert, Button, DataList, HStack, List, Separator, Stack, Text } from '@chakra-ui/react';
import { dataListSlotRecipe, separatorRecipe } from '@chakra-ui/react/theme';
import { ArrowLeft } from 'lucide-react';
import { useSetAtom } from 'jotai';
import type { EventStep } from '@shared/api/booking-request.schema';
import { BOOKING_DISPLAY_LABELS } from '@shared/labels';
import { finalBookingType } from '@shared/wizard';
import { formatEuros, formatLongDate } from '@renderer/shared/format/format';
import { estimatedTotal, type EventDay } from './activities-step';
import { stepAtom } from './wizard-draft';
import { participantsLabel, SummaryCard } from './wizard-ui';

/** 'Séminaire' with the company's name, 'Groupe / Association' with the club's, etc. */
export function eventLabel(event: EventStep): { label: string; detail?: string } {
  const label = BOOKING_DISPLAY_LABELS[finalBookingType(event)] ?? event.bookingType;
  if (event.bookingType === 'group') return { label, detail: event.organizationName.trim() };
  if (event.bookingType === 'company') return { label, detail: event.companyName.trim() };
  if (event.bookingType === 'anniv') return { label, detail: event.forMe ? 'Pour moi' : 'Pour un proche' };
  return { label };
}

/** The sticky summary of step 3 (SPEC.md §2). */
export function BookingSummary({ event, days }: { event: EventStep; days: EventDay[] }) {
  const setStep = useSetAtom(stepAtom);
  const lines = days.flatMap((day) => day.lines);
  const { label, detail } = eventLabel(event);
  return (
    <SummaryCard titleId="wizard-final-summary" title="Récapitulatif de votre demande">
      <DataList.Root recipe={dataListSlotRecipe} orientation="vertical" gap="3" size="md">
        <DataList.Item>
          <DataList.ItemLabel>Événement</DataList.ItemLabel>
          <DataList.ItemValue>
            <Stack gap="0">
              <Text fontWeight="semibold">{label}</Text>
              {detail && <Text color="fg.muted">{detail}</Text>}
            </Stack>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Date</DataList.ItemLabel>
          <DataList.ItemValue>{formatLongDate(event.date)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Participants</DataList.ItemLabel>
          <DataList.ItemValue>{participantsLabel(event.participants)}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Separator recipe={separatorRecipe} />
      <Stack gap="2">
        <Text fontWeight="semibold">Activités et services</Text>
        {lines.length === 0 ? (
          <Alert.Root status="warning" flexDirection="column" alignItems="flex-start" gap="3">
            <Alert.Title>Aucune activité sélectionnée.</Alert.Title>
            <Button variant="outline" size="lg" onClick={() => setStep(2)} bg="bg">
              <ArrowLeft aria-hidden />
              Choisir des activités
            </Button>
          </Alert.Root>
        ) : (
          <List.Root listStyle="none" gap="2" fontSize="sm">
            {days.flatMap((day) =>
              day.lines.map((line) => (
                <List.Item key={line.id} display="flex" justifyContent="space-between" gap="3">
                  <Text minW="0">
                    <Text as="span" color="fg.muted">{`J+${day.offset} · `}</Text>
                    {line.item.name}
                  </Text>
                  <Text whiteSpace="nowrap">{formatEuros(line.total)}</Text>
                </List.Item>
              )),
            )}
          </List.Root>
        )}
      </Stack>
      <Separator recipe={separatorRecipe} />
      <HStack justify="space-between" gap="3">
        <Text fontWeight="semibold">Total estimé</Text>
        <Text fontWeight="bold" fontSize="xl" color="brand.fg" data-testid="final-estimated-total">
          {formatEuros(estimatedTotal(lines, event.participants))}
        </Text>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        Ce montant est indicatif : le devis final établi par notre équipe peut varier selon vos choix et les
        disponibilités.
      </Text>
    </SummaryCard>
  );
}
