import { Alert, Box, Button, Flex, Heading, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { CalendarPlus, Plus } from 'lucide-react';
import { useState } from 'react';
import type { CatalogueItem } from '@shared/api/catalogue.schema';
import type { EditLineInput } from '@shared/api/customer-booking.schema';
import { eventDays } from '@shared/booking-days';
import { dayLabel } from '@shared/day-label';
import { lineSessions } from '@shared/sessions';
import { notify } from '@renderer/shared/ui/toaster';
import { CatalogueDialog } from './catalogue-dialog';
import { linesBody, linesOf, linesOnDay, toEditLine } from './schedule';
import { ScheduleLine, type EditProps } from './schedule-line';

/** Why an added day may vanish: the booking keeps a day only once an item is placed on it. */
export const EMPTY_DAY_NOTICE =
  'Cette journée n’est pas encore enregistrée : ajoutez-y une activité ou un service pour la conserver.';
/** Long enough to read the notice under the toast's title (a plain success lasts 2 s). */
const EMPTY_DAY_TOAST_MS = 6000;

/** A long label on a phone: the whole width, the text wrapping inside a 44 px minimum height. */
const WRAPPING_BUTTON = {
  width: { base: 'full', sm: 'auto' },
  height: 'auto',
  minHeight: '11',
  paddingBlock: '2',
  whiteSpace: 'normal',
};

/** 'Activités' (SPEC.md §2): the schedule day by day, editable while the editing rule holds. */
export function ActivitiesSection({ detail, editable, save, busy }: EditProps) {
  // Days added with 'Ajouter une journée' stay empty until an activity is saved on them.
  const [dayCount, setDayCount] = useState(1);
  const [catalogueDay, setCatalogueDay] = useState<string | null>(null);
  const scheduled = [...detail.bookingActivities, ...detail.bookingServices].map((line) => line.scheduledDate);
  const days = eventDays(detail.startDate, scheduled, dayCount);

  // The server keeps the days from the start to the last scheduled item (it derives the end date
  // from the items): a day added after them is kept only once something is placed on it.
  const savedDays = eventDays(detail.startDate, scheduled).length;

  const addDay = () => {
    setDayCount(days.length + 1);
    notify.success(`Journée J+${days.length} ajoutée`, {
      description: EMPTY_DAY_NOTICE,
      duration: EMPTY_DAY_TOAST_MS,
    });
  };

  const addItem = async (item: CatalogueItem) => {
    if (!catalogueDay) return;
    // The group's sessions of at most 50 (src/shared/sessions.ts), following the booking's count.
    const added: EditLineInput[] = lineSessions(item.pricing.pricingType, detail.participants).map((size) => ({
      ...(item.kind === 'activity' ? { catalogActivityId: item._id } : { catalogServiceId: item._id }),
      scheduledDate: catalogueDay,
      selectedTimeSlot: null,
      customParticipants: size,
      followsBookingCount: true,
    }));
    const isActivity = item.kind === 'activity';
    const saved = await save(
      linesBody(item.kind, [...linesOf(detail, item.kind).map((line) => toEditLine(line)), ...added]),
      {
        success: isActivity ? '✓ Activités sauvegardées' : '✓ Services sauvegardés',
        successDescription: `${item.name} ajouté(e) avec succès`,
        failureTitle: isActivity
          ? 'Erreur lors de la sauvegarde des activités'
          : 'Erreur lors de la sauvegarde des services',
        failure: isActivity ? "Erreur lors de l'ajout de l'activité" : "Erreur lors de l'ajout du service",
      },
    );
    if (saved) setCatalogueDay(null);
  };

  return (
    <Stack gap="6">
      {days.map((day, index) => {
        const lines = linesOnDay(detail, day);
        const unsaved = index >= savedDays;
        const title = dayLabel(detail.startDate, day);
        const dayId = `day-${day}-title`;
        return (
          <Box as="section" key={day} aria-labelledby={dayId} data-testid="schedule-day">
            <Flex gap="3" justify="space-between" align="center" wrap="wrap" mb="3">
              <Heading as="h3" id={dayId} size="md" textTransform="none">
                {title}
              </Heading>
              {editable && (
                <Button
                  size="lg"
                  variant="outline"
                  colorPalette="brand"
                  css={WRAPPING_BUTTON}
                  disabled={busy}
                  onClick={() => setCatalogueDay(day)}
                >
                  <Plus aria-hidden />
                  Ajouter une activité ou un service <VisuallyHidden>le {title}</VisuallyHidden>
                </Button>
              )}
            </Flex>
            {lines.length > 0 ? (
              <Stack as="ul" listStyleType="none" gap="3">
                {lines.map((line) => (
                  <li key={line._id}>
                    <ScheduleLine line={line} detail={detail} editable={editable} save={save} busy={busy} />
                  </li>
                ))}
              </Stack>
            ) : (
              <Stack gap="2">
                <Text color="fg.muted">Aucune activité prévue ce jour.</Text>
                {unsaved && (
                  <Alert.Root status="warning" size="sm" data-testid="unsaved-day">
                    <Alert.Indicator />
                    <Alert.Title>{EMPTY_DAY_NOTICE}</Alert.Title>
                  </Alert.Root>
                )}
              </Stack>
            )}
          </Box>
        );
      })}
      {editable && (
        <Button
          size="lg"
          variant="subtle"
          colorPalette="brand"
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          onClick={addDay}
        >
          <CalendarPlus aria-hidden />
          Ajouter une journée
        </Button>
      )}
      <CatalogueDialog
        open={catalogueDay !== null}
        dayTitle={catalogueDay ? dayLabel(detail.startDate, catalogueDay) : ''}
        onClose={() => setCatalogueDay(null)}
        onAdd={addItem}
        busy={busy}
      />
    </Stack>
  );
}
