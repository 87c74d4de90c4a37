import { Button, Card, Heading, Input, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Save } from 'lucide-react';
import { useMemo } from 'react';
import { z } from 'zod';
import { eventDateMessage, ISO_DAY, WIZARD_MESSAGES } from '@shared/api/booking-request.schema';
import { updateBookingBody, type BookingDetail } from '@shared/api/customer-booking.schema';
import { tomorrowInParis } from '@shared/booking-days';
import { PARTICIPANTS_MAX, PARTICIPANTS_MIN } from '@shared/constants';
import { formatEuros, formatLongDate } from '../../shared/format/format';
import { bookingTypeLabel } from '../../shared/ui/booking-badges';
import { FormField, useZodForm } from '../../shared/ui/form';
import { ContactLines, DetailItem, DetailList } from '../../shared/ui/detail-list';
import { moveSchedule } from './schedule';
import type { SaveBooking } from './use-save-booking';

const participantsFormSchema = z.object({ participants: updateBookingBody.shape.participants.unwrap() });

/** SPEC.md §5 'Event editing': required, and not before tomorrow, with the wizard's messages. */
export function eventDateSchema(earliest: string = tomorrowInParis()) {
  return z.object({
    startDate: z
      .string()
      .min(1, WIZARD_MESSAGES.date)
      .regex(ISO_DAY, WIZARD_MESSAGES.date)
      .superRefine((day, context) => {
        const message = eventDateMessage(day, earliest);
        if (message) context.addIssue({ code: 'custom', message });
      }),
  });
}

const isoDay = (value: string) => value.slice(0, 10);

/** 'Enregistrer' of one field's form, named for screen readers by what it saves. */
function SaveButton({ what, loading, disabled }: { what: string; loading: boolean; disabled: boolean }) {
  return (
    <Button
      type="submit"
      colorPalette="brand"
      variant="outline"
      size="lg"
      loading={loading}
      disabled={disabled}
      alignSelf="flex-start"
    >
      <Save aria-hidden />
      Enregistrer <VisuallyHidden>{what}</VisuallyHidden>
    </Button>
  );
}

function ParticipantsForm({ detail, save, busy }: { detail: BookingDetail; save: SaveBooking; busy: boolean }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(participantsFormSchema, { defaultValues: { participants: detail.participants } });

  const onSubmit = handleSubmit(async ({ participants }) => {
    if (participants === detail.participants) return;
    await save(
      { participants },
      { success: 'Modification enregistrée', failure: 'Erreur lors de la sauvegarde du champ participants' },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="3">
        <FormField
          label="Nombre de participants"
          required
          error={errors.participants?.message}
          helperText="Entre 1 et 100 participants"
        >
          <Input
            {...register('participants', { valueAsNumber: true })}
            type="number"
            inputMode="numeric"
            min={PARTICIPANTS_MIN}
            max={PARTICIPANTS_MAX}
            size="lg"
          />
        </FormField>
        <SaveButton what="le nombre de participants" loading={isSubmitting} disabled={busy} />
      </Stack>
    </form>
  );
}

function DateForm({ detail, save, busy }: { detail: BookingDetail; save: SaveBooking; busy: boolean }) {
  const earliest = tomorrowInParis();
  const schema = useMemo(() => eventDateSchema(earliest), [earliest]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, { defaultValues: { startDate: isoDay(detail.startDate) } });

  const onSubmit = handleSubmit(async ({ startDate }) => {
    if (startDate === isoDay(detail.startDate)) return;
    const { body, droppedSlots } = moveSchedule(detail, startDate);
    await save(body, {
      success: 'Modification enregistrée',
      successDescription:
        droppedSlots > 0
          ? 'Certains créneaux ne sont pas proposés le nouveau jour : choisissez-en un autre dans les activités.'
          : undefined,
      failure: 'Erreur lors de la sauvegarde du champ date',
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="3">
        <FormField
          label="Date de l’événement"
          required
          error={errors.startDate?.message}
          helperText="Les activités de chaque journée sont déplacées avec l’événement."
        >
          <Input {...register('startDate')} type="date" min={earliest} size="lg" />
        </FormField>
        <SaveButton what="la date" loading={isSubmitting} disabled={busy} />
      </Stack>
    </form>
  );
}

/** 'Informations générales' (SPEC.md §2): the request, and its edit panel while editing is allowed. */
export function GeneralInfoSection({
  detail,
  editable,
  save,
  busy,
}: {
  detail: BookingDetail;
  editable: boolean;
  save: SaveBooking;
  busy: boolean;
}) {
  const { mainContact } = detail;
  return (
    <Stack gap="6">
      <DetailList>
        <DetailItem label="Type d’événement">{bookingTypeLabel(detail.type, detail.bookingType)}</DetailItem>
        <DetailItem label="Date de début">{formatLongDate(detail.startDate)}</DetailItem>
        {isoDay(detail.endDate) !== isoDay(detail.startDate) && (
          <DetailItem label="Date de fin">{formatLongDate(detail.endDate)}</DetailItem>
        )}
        <DetailItem label="Participants">{detail.participants}</DetailItem>
        <DetailItem label="Organisateur">
          {detail.organizer.firstName} {detail.organizer.lastName}
        </DetailItem>
        <DetailItem label="Contact principal">
          <ContactLines person={mainContact} />
        </DetailItem>
        {detail.note.trim() && (
          <DetailItem label="Note">
            <Text whiteSpace="pre-line">{detail.note}</Text>
          </DetailItem>
        )}
        <DetailItem label="Total estimé">
          <Stack gap="0">
            <Text fontWeight="semibold">{formatEuros(detail.estimatedTotal)}</Text>
            <Text color="fg.muted" fontSize="sm">
              Montant indicatif : notre équipe vous envoie un devis personnalisé.
            </Text>
          </Stack>
        </DetailItem>
      </DetailList>
      {editable && (
        <Card.Root variant="subtle" as="section" aria-labelledby="edit-panel-title">
          <Card.Body gap="4" p={{ base: '4', md: '5' }}>
            <Heading as="h3" id="edit-panel-title" size="md">
              Modifier la réservation
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
              <ParticipantsForm key={`participants-${detail.lastModified}`} detail={detail} save={save} busy={busy} />
              <DateForm key={`date-${detail.lastModified}`} detail={detail} save={save} busy={busy} />
            </SimpleGrid>
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
