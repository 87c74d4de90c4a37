import {
  Button,
  Card,
  Field,
  Flex,
  Heading,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { DetailLine, EditLineInput } from '@shared/api/customer-booking.schema';
import { ACTIVITY_PARTICIPANTS_MAX, ACTIVITY_PARTICIPANTS_MIN } from '@shared/constants';
import { formatEuros } from '@renderer/shared/format/format';
import { FormField, useLazyZodForm } from '@renderer/shared/ui/form';
import { CountInput } from './count-input';
import { CategoryBadge, DurationText, pictureOf, priceLabel } from '@renderer/shared/ui/catalogue-card';
import { CataloguePicture } from '@renderer/shared/ui/catalogue-picture';
import {
  linesBody,
  linesOf,
  slotKey,
  slotLabel,
  slotsForDay,
  toEditLine,
  type ScheduleDetail,
  type SlotTimes,
} from './schedule';
import type { SaveBooking } from './use-save-booking';

export interface EditProps {
  detail: ScheduleDetail;
  editable: boolean;
  save: SaveBooking;
  busy: boolean;
}

/** The PUT replacing this line's kind, with `changes` applied to this line only. */
function withLineChanged(detail: ScheduleDetail, line: DetailLine, changes: Partial<EditLineInput>) {
  return linesBody(
    line.kind,
    linesOf(detail, line.kind).map((other) => toEditLine(other, other._id === line._id ? changes : {})),
  );
}

function SlotSelect({ line, detail, save, busy }: { line: DetailLine } & Omit<EditProps, 'editable'>) {
  const slots = slotsForDay(line.timeSlots, line.scheduledDate);
  const current = line.selectedTimeSlot ? slotKey(line.selectedTimeSlot) : '';
  // Shows the choice at once while it is being saved; the saved detail takes over afterwards.
  const [pending, setPending] = useState<string | null>(null);

  if (slots.length === 0) {
    return (
      <Stack gap="1">
        <Text fontWeight="medium" fontSize="sm">
          Créneau horaire
        </Text>
        <Text color="fg.muted">Aucun créneau proposé ce jour-là</Text>
      </Stack>
    );
  }

  const onChange = async (value: string) => {
    const slot: SlotTimes | null = slots.find((candidate) => slotKey(candidate) === value) ?? null;
    setPending(value);
    await save(
      withLineChanged(detail, line, {
        selectedTimeSlot: slot ? { startTime: slot.startTime, endTime: slot.endTime } : null,
      }),
      {
        success: 'Créneau mis à jour',
        failure: 'Erreur lors de la mise à jour du créneau',
      },
    );
    setPending(null);
  };

  return (
    <Field.Root disabled={busy}>
      <Field.Label>Créneau horaire</Field.Label>
      <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="lg">
        <NativeSelect.Field value={pending ?? current} onChange={(event) => void onChange(event.currentTarget.value)}>
          <option value="">Choisir un créneau</option>
          {slots.map((slot) => (
            <option key={slot._id} value={slotKey(slot)}>
              {slotLabel(slot)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function LineParticipantsForm({ line, detail, save, busy }: { line: DetailLine } & Omit<EditProps, 'editable'>) {
  const {
    register,
    handleSubmit,
    errors,
    formState: { isSubmitting },
  } = useLazyZodForm(() => import('./edit-forms.schema').then((rules) => rules.lineParticipantsSchema), {
    values: { customParticipants: line.customParticipants },
  });

  const onSubmit = handleSubmit(async ({ customParticipants }) => {
    if (customParticipants === line.customParticipants) return;
    // A count set by hand stops following the booking's count.
    await save(withLineChanged(detail, line, { customParticipants, followsBookingCount: false }), {
      success: 'Participants mis à jour',
      failure: 'Erreur lors de la mise à jour des participants',
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormField
        label="Participants"
        error={errors.customParticipants?.message}
        helperText="Entre 1 et 50 participants"
      >
        <Flex gap="2">
          <CountInput
            registration={register('customParticipants', { valueAsNumber: true })}
            min={ACTIVITY_PARTICIPANTS_MIN}
            max={ACTIVITY_PARTICIPANTS_MAX}
            flex="1"
            minW="20"
          />
          <Button type="submit" size="lg" variant="outline" colorPalette="brand" loading={isSubmitting} disabled={busy}>
            Appliquer <VisuallyHidden>le nombre de participants de {line.name}</VisuallyHidden>
          </Button>
        </Flex>
      </FormField>
    </form>
  );
}

/** One line of the schedule: its picture, price, and (when editable) its slot, count and removal. */
export function ScheduleLine({ line, detail, editable, save, busy }: { line: DetailLine } & EditProps) {
  const titleId = `line-${line._id}-title`;
  const [removing, setRemoving] = useState(false);

  const remove = async () => {
    setRemoving(true);
    await save(
      linesBody(
        line.kind,
        linesOf(detail, line.kind)
          .filter((other) => other._id !== line._id)
          .map((other) => toEditLine(other)),
      ),
      { success: 'Activité supprimée', failure: "Erreur lors de la suppression de l'activité" },
    );
    setRemoving(false);
  };

  return (
    <Card.Root as="article" aria-labelledby={titleId} variant="outline" size="sm" data-testid="schedule-line">
      <Card.Body gap="4">
        <Flex gap="3" align="flex-start" wrap="wrap">
          <CataloguePicture src={pictureOf(line)} category={line.category} width={{ base: '20', sm: '24' }} />
          <Stack gap="1" flex="1" minW="40">
            <Heading as="h4" size="sm" id={titleId}>
              {line.name}
            </Heading>
            <Flex gap="2" wrap="wrap" align="center">
              <CategoryBadge category={line.category} />
              {line.availability.duration !== null && <DurationText minutes={line.availability.duration} />}
            </Flex>
            <Text fontSize="sm" color="fg.muted">
              {priceLabel(line.pricing)}
            </Text>
          </Stack>
          <Stack gap="0" textAlign={{ base: 'start', sm: 'end' }}>
            <Text fontSize="sm" color="fg.muted">
              Prix
            </Text>
            <Text fontWeight="bold" fontSize="lg" data-testid="line-total">
              {formatEuros(line.total)}
            </Text>
          </Stack>
        </Flex>
        {editable ? (
          <Stack gap="3">
            {/* A service without time slots has no slot to choose, a flat price no count to set. */}
            {(line.timeSlots.length > 0 || line.pricing.pricingType === 'per_person') && (
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" alignItems="start">
                {line.timeSlots.length > 0 && <SlotSelect line={line} detail={detail} save={save} busy={busy} />}
                {line.pricing.pricingType === 'per_person' && (
                  <LineParticipantsForm line={line} detail={detail} save={save} busy={busy} />
                )}
              </SimpleGrid>
            )}
            <Button
              variant="ghost"
              colorPalette="red"
              size="lg"
              alignSelf="flex-start"
              loading={removing}
              disabled={busy}
              onClick={() => void remove()}
            >
              <Trash2 aria-hidden />
              Retirer <VisuallyHidden>{line.name}</VisuallyHidden>
            </Button>
          </Stack>
        ) : (
          <Flex gap={{ base: '1', sm: '6' }} direction={{ base: 'column', sm: 'row' }}>
            <Text>
              <Text as="span" color="fg.muted">
                Créneau :{' '}
              </Text>
              {line.selectedTimeSlot ? slotLabel(line.selectedTimeSlot) : 'non choisi'}
            </Text>
            {line.pricing.pricingType === 'per_person' && (
              <Text>
                <Text as="span" color="fg.muted">
                  Participants :{' '}
                </Text>
                {line.customParticipants}
              </Text>
            )}
          </Flex>
        )}
      </Card.Body>
    </Card.Root>
  );
}
