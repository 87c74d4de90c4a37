import { Button, Card, Heading, Input, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Save } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { BookingDetail } from '@shared/api/customer-booking.schema';
import { tomorrowInParis } from '@shared/booking-days';
import { PARTICIPANTS_MAX, PARTICIPANTS_MIN } from '@shared/constants';
import { formatEuros, formatLongDate } from '@renderer/shared/format/format';
import { bookingTypeLabel } from '@renderer/shared/ui/booking-badges';
import { FormField, useLazyZodForm } from '@renderer/shared/ui/form';
import { ContactLines, DetailItem, DetailList } from '@renderer/shared/ui/detail-list';
import { CountInput } from './count-input';
import { moveSchedule } from './schedule';
import type { SaveBooking } from './use-save-booking';

/** The forms' rules, loaded at the first touch (edit-forms.schema.ts). */
const editRules = () => import('./edit-forms.schema');

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

/** The texts of one field's form: its label, its help, and what its button saves (for screen readers). */
interface FieldTexts {
  label: string;
  helperText: string;
  what: string;
}

/**
 * A form of the edit panel: one required value of the booking, saved by its own 'Enregistrer';
 * submitting the value unchanged saves nothing.
 */
function OneValueForm<TSchema extends z.ZodType<FieldValues, FieldValues>>({
  loadSchema,
  value,
  texts,
  busy,
  onSave,
  children,
}: {
  /** The form's rules, loaded at the first touch (`useLazyZodForm`). */
  loadSchema: () => Promise<TSchema>;
  /** The value as the booking has it, under the field's name. */
  value: z.input<TSchema>;
  texts: FieldTexts;
  busy: boolean;
  onSave: (values: z.output<TSchema>) => Promise<unknown>;
  children: (register: UseFormRegister<z.input<TSchema>>) => ReactNode;
}) {
  const [name] = Object.keys(value) as [Path<z.input<TSchema>>];
  const {
    register,
    handleSubmit,
    errors,
    formState: { isSubmitting },
  } = useLazyZodForm(loadSchema, { defaultValues: value as DefaultValues<z.input<TSchema>> });

  const onSubmit = handleSubmit(async (values) => {
    if ((values as FieldValues)[name] === (value as FieldValues)[name]) return;
    await onSave(values);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="3">
        <FormField
          label={texts.label}
          required
          error={errors[name]?.message as string | undefined}
          helperText={texts.helperText}
        >
          {children(register)}
        </FormField>
        <SaveButton what={texts.what} loading={isSubmitting} disabled={busy} />
      </Stack>
    </form>
  );
}

const FIELD_TEXTS: Record<'participants' | 'startDate', FieldTexts> = {
  participants: {
    label: 'Nombre de participants',
    helperText: 'Entre 1 et 100 participants',
    what: 'le nombre de participants',
  },
  startDate: {
    label: 'Date de l’événement',
    helperText: 'Les activités de chaque journée sont déplacées avec l’événement.',
    what: 'la date',
  },
};

function ParticipantsForm({ detail, save, busy }: { detail: BookingDetail; save: SaveBooking; busy: boolean }) {
  return (
    <OneValueForm
      loadSchema={() => editRules().then((rules) => rules.participantsFormSchema)}
      value={{ participants: detail.participants }}
      texts={FIELD_TEXTS.participants}
      busy={busy}
      onSave={({ participants }) =>
        save(
          { participants },
          { success: 'Modification enregistrée', failure: 'Erreur lors de la sauvegarde du champ participants' },
        )
      }
    >
      {(register) => (
        <CountInput
          registration={register('participants', { valueAsNumber: true })}
          min={PARTICIPANTS_MIN}
          max={PARTICIPANTS_MAX}
        />
      )}
    </OneValueForm>
  );
}

function DateForm({ detail, save, busy }: { detail: BookingDetail; save: SaveBooking; busy: boolean }) {
  const earliest = tomorrowInParis();
  const saveDate = ({ startDate }: { startDate: string }) => {
    const { body, droppedSlots } = moveSchedule(detail, startDate);
    return save(body, {
      success: 'Modification enregistrée',
      successDescription:
        droppedSlots > 0
          ? 'Certains créneaux ne sont pas proposés le nouveau jour : choisissez-en un autre dans les activités.'
          : undefined,
      failure: 'Erreur lors de la sauvegarde du champ date',
    });
  };
  return (
    <OneValueForm
      loadSchema={() => editRules().then((rules) => rules.eventDateSchema(earliest))}
      value={{ startDate: isoDay(detail.startDate) }}
      texts={FIELD_TEXTS.startDate}
      busy={busy}
      onSave={saveDate}
    >
      {(register) => <Input {...register('startDate')} type="date" min={earliest} size="lg" />}
    </OneValueForm>
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
        {!detail.programmeHidden && (
          <DetailItem label="Total estimé">
            <Stack gap="0">
              <Text fontWeight="semibold">{formatEuros(detail.estimatedTotal)}</Text>
              <Text color="fg.muted" fontSize="sm">
                Montant indicatif : notre équipe vous envoie un devis personnalisé.
              </Text>
            </Stack>
          </DetailItem>
        )}
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
