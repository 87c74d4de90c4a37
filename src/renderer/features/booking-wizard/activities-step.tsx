import { MAX_EVENT_DAYS } from '@shared/constants';
import { Alert, Button, Card, Grid, Heading, HStack, IconButton, List, Separator, Stack, Text } from '@chakra-ui/react';
import { separatorRecipe } from '@chakra-ui/react/theme';
import { ArrowRight, CalendarPlus, Plus, Trash2 } from 'lucide-react';
import { __iconData as clockIcon } from 'lucide-react/icons/clock';
import { __iconData as usersIcon } from 'lucide-react/icons/users';
import { LineIcon } from '@renderer/shared/ui/line-icon';
import { useAtomValue, useSetAtom } from 'jotai';
import { startTransition, useMemo, useState } from 'react';
import type { EventStep } from '@shared/api/booking-request.schema';
import { WIZARD_MESSAGES } from '@shared/booking-messages';
import type { CatalogueItem } from '@shared/api/catalogue.schema';
import { daysBetween, eventDays } from '@shared/booking-days';
import { dayLabel } from '@shared/day-label';
import { estimateTotal } from '@shared/pricing';
import { formatDuration, formatEuros } from '@renderer/shared/format/format';
import { notify } from '@renderer/shared/ui/toaster';
import { CatalogueDialog } from './catalogue-dialog';
import { useWizardLines, type WizardLine } from './use-wizard-lines';
import { dayCountAtom, linesAtom, newLineId, stepAtom, type DraftLine } from './wizard-draft';
import { PreviousButton, StepActions, StepHeading, SummaryCard } from './wizard-ui';
import { CataloguePicture } from '@renderer/shared/ui/catalogue-picture';
import { pictureOf, priceLabel } from '@renderer/shared/ui/catalogue-card';
import { SESSIONS_NOTICE, sessionSizes, sessionsLabel } from '@shared/sessions';
import { ACTIVITY_PARTICIPANTS_MAX } from '@shared/constants';

export interface EventDay {
  date: string;
  offset: number;
  label: string;
  lines: WizardLine[];
}

/** Days from the start date to the last one asked for or holding an item (SPEC.md §4, §9). */
export function useEventDays(event: EventStep, lines: readonly WizardLine[]): EventDay[] {
  const dayCount = useAtomValue(dayCountAtom);
  return useMemo(
    () =>
      eventDays(
        event.date,
        lines.map((line) => line.scheduledDate),
        dayCount,
      ).map((date) => ({
        date,
        offset: daysBetween(event.date, date),
        label: dayLabel(event.date, date),
        lines: lines.filter((line) => line.scheduledDate === date),
      })),
    [event.date, lines, dayCount],
  );
}

export function estimatedTotal(lines: readonly WizardLine[], participants: number): number {
  return estimateTotal(lines.map((line) => ({ pricing: line.item.pricing, participants })));
}

function LineRow({ line, participants, onRemove }: { line: WizardLine; participants: number; onRemove: () => void }) {
  const { item } = line;
  return (
    <List.Item display="flex" gap="3" alignItems="flex-start" py="3" data-testid="day-line">
      <CataloguePicture src={pictureOf(item)} category={item.category} width={{ base: '16', sm: '20' }} />
      <Stack gap="1" flex="1" minW="0">
        <Text fontWeight="semibold">{item.name}</Text>
        <HStack gap="3" rowGap="1" flexWrap="wrap" fontSize="sm" color="fg.muted">
          {item.availability.duration !== null && (
            <HStack gap="1">
              <LineIcon icon={clockIcon} aria-hidden size={14} />
              <Text>
                <Text as="span" srOnly>
                  {'Durée : '}
                </Text>
                {formatDuration(item.availability.duration)}
              </Text>
            </HStack>
          )}
          {/* A flat price does not depend on the count: no participants shown. */}
          {item.pricing.pricingType === 'per_person' && (
            <HStack gap="1">
              <LineIcon icon={usersIcon} aria-hidden size={14} />
              <Text data-testid="line-sessions">{sessionsLabel(sessionSizes(participants))}</Text>
            </HStack>
          )}
          <Text>{priceLabel(item.pricing)}</Text>
        </HStack>
        <Text fontWeight="bold" color="brand.fg">
          {formatEuros(line.total)}
        </Text>
      </Stack>
      <IconButton
        aria-label={`Retirer ${item.name}`}
        variant="ghost"
        colorPalette="red"
        size="lg"
        onClick={onRemove}
        flexShrink={0}
      >
        <Trash2 aria-hidden />
      </IconButton>
    </List.Item>
  );
}

function DayCard({
  day,
  participants,
  onOpenCatalogue,
  onRemoveLine,
  onRemoveDay,
}: {
  day: EventDay;
  participants: number;
  onOpenCatalogue: () => void;
  onRemoveLine: (line: WizardLine) => void;
  onRemoveDay?: () => void;
}) {
  const headingId = `wizard-day-${day.offset}`;
  return (
    <Card.Root as="section" aria-labelledby={headingId} data-testid="event-day">
      <Card.Body gap="3" p={{ base: '4', md: '5' }}>
        <Heading as="h3" id={headingId} size="md" textTransform="none">
          {day.label}
        </Heading>
        {day.lines.length === 0 ? (
          <Text color="fg.muted">Aucune activité prévue pour cette journée.</Text>
        ) : (
          <List.Root listStyle="none" css={{ '& > li + li': { borderTopWidth: '1px' } }}>
            {day.lines.map((line) => (
              <LineRow key={line.id} line={line} participants={participants} onRemove={() => onRemoveLine(line)} />
            ))}
          </List.Root>
        )}
        <HStack gap="3" flexWrap="wrap">
          <Button
            variant="outline"
            colorPalette="brand"
            size="lg"
            onClick={onOpenCatalogue}
            aria-label={`Ajouter une activité ou un service (J+${day.offset})`}
            whiteSpace="normal"
            height="auto"
            minH="11"
            flexShrink={1}
            width={{ base: 'full', sm: 'auto' }}
          >
            <Plus aria-hidden />
            Ajouter une activité ou un service
          </Button>
          {onRemoveDay && (
            <Button variant="ghost" colorPalette="red" size="lg" onClick={onRemoveDay}>
              Retirer cette journée
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** The side summary: each day's items, the estimated total and the indicative-price notice. */
function ActivitiesSummary({ days, participants }: { days: EventDay[]; participants: number }) {
  const lines = days.flatMap((day) => day.lines);
  return (
    <SummaryCard titleId="wizard-activities-summary" title="Récapitulatif">
      {lines.length === 0 ? (
        <Text color="fg.muted">Aucune activité sélectionnée pour le moment.</Text>
      ) : (
        <Stack gap="3">
          {days
            .filter((day) => day.lines.length > 0)
            .map((day) => (
              <Stack key={day.date} gap="1">
                <Text fontWeight="semibold" fontSize="sm">{`J+${day.offset}`}</Text>
                <List.Root listStyle="none" gap="1" fontSize="sm">
                  {day.lines.map((line) => (
                    <List.Item key={line.id} display="flex" justifyContent="space-between" gap="3">
                      <Text minW="0">{line.item.name}</Text>
                      <Text whiteSpace="nowrap">{formatEuros(line.total)}</Text>
                    </List.Item>
                  ))}
                </List.Root>
              </Stack>
            ))}
        </Stack>
      )}
      <Separator recipe={separatorRecipe} />
      <HStack justify="space-between" gap="3">
        <Text fontWeight="semibold">Total estimé</Text>
        <Text fontWeight="bold" fontSize="xl" color="brand.fg" data-testid="estimated-total">
          {formatEuros(estimatedTotal(lines, participants))}
        </Text>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        Les prix affichés sont indicatifs. Notre équipe vous enverra un devis personnalisé sous 24 h.
      </Text>
    </SummaryCard>
  );
}

/** Step 2 'Activités & Services' (SPEC.md §2). */
export function ActivitiesStep({ event }: { event: EventStep }) {
  const { catalogue, lines } = useWizardLines(event.participants);
  const days = useEventDays(event, lines);
  const setLines = useSetAtom(linesAtom);
  const setDayCount = useSetAtom(dayCountAtom);
  const setStep = useSetAtom(stepAtom);
  const [openDay, setOpenDay] = useState<EventDay | null>(null);
  const [missing, setMissing] = useState(false);

  const added = useMemo(
    () => new Set(openDay ? openDay.lines.map((line) => `${line.kind}:${line.catalogId}`) : []),
    [openDay],
  );

  // Opening the catalogue and adding an item render in a transition: the press paints at once,
  // the dialog and the day's new line follow (docs/decisions.md, performance rule 18).
  const openCatalogue = (day: EventDay) => startTransition(() => setOpenDay(day));

  const addItem = (item: CatalogueItem, kind: DraftLine['kind']) => {
    if (!openDay) return;
    const scheduledDate = openDay.date;
    startTransition(() => {
      setLines((current) => [...current, { id: newLineId(), kind, catalogId: item._id, scheduledDate }]);
      setOpenDay(null);
      setMissing(false);
    });
    notify.success(`${item.name} ajouté(e) avec succès`);
  };

  const removeLine = (line: WizardLine) => {
    setLines((current) => current.filter((candidate) => candidate.id !== line.id));
    notify.success('Activité supprimée');
  };

  const addDay = () => {
    setDayCount(days.length + 1);
    notify.success(`Journée J+${days.length} ajoutée`);
  };

  const onContinue = () => {
    if (lines.length === 0) {
      setMissing(true);
      notify.error(WIZARD_MESSAGES.noActivity);
      return;
    }
    setStep(3);
  };

  const lastDay = days[days.length - 1];
  return (
    <Stack gap="8">
      <StepHeading
        title="Activités & Services"
        lead="Composez le programme de chaque journée. Les prix sont indicatifs."
      />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 20rem' }} gap="6" alignItems="start">
        <Stack gap="4">
          {event.participants > ACTIVITY_PARTICIPANTS_MAX && (
            <Alert.Root status="info" data-testid="sessions-notice">
              <Alert.Indicator />
              <Alert.Title>
                {SESSIONS_NOTICE} Votre groupe de {event.participants} personnes :{' '}
                {sessionsLabel(sessionSizes(event.participants))}.
              </Alert.Title>
            </Alert.Root>
          )}
          {days.map((day) => (
            <DayCard
              key={day.date}
              day={day}
              participants={event.participants}
              onOpenCatalogue={() => openCatalogue(day)}
              onRemoveLine={removeLine}
              onRemoveDay={
                day === lastDay && day.offset > 0 && day.lines.length === 0
                  ? () => setDayCount(days.length - 1)
                  : undefined
              }
            />
          ))}
          <Button
            variant="outline"
            size="lg"
            onClick={addDay}
            disabled={days.length >= MAX_EVENT_DAYS}
            alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          >
            <CalendarPlus aria-hidden />
            Ajouter une journée
          </Button>
          {days.length >= MAX_EVENT_DAYS && (
            <Text fontSize="sm" color="fg.muted">
              Un événement dure au plus {MAX_EVENT_DAYS} jours.
            </Text>
          )}
          {missing && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{WIZARD_MESSAGES.noActivity}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>
        <ActivitiesSummary days={days} participants={event.participants} />
      </Grid>
      <StepActions
        back={<PreviousButton onClick={() => setStep(1)} />}
        next={
          <Button type="button" colorPalette="brand" size="lg" onClick={onContinue}>
            Continuer
            <ArrowRight aria-hidden />
          </Button>
        }
      />
      <CatalogueDialog
        dayLabel={openDay?.label ?? null}
        catalogue={catalogue}
        added={added}
        onAdd={addItem}
        onClose={() => setOpenDay(null)}
      />
    </Stack>
  );
}
