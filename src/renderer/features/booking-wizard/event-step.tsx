import { Box, Button, Card, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, Briefcase, Cake, Heart, User } from 'lucide-react';
import { __iconData as usersIcon } from 'lucide-react/icons/users';
import { LineIcon } from '@renderer/shared/ui/line-icon';
import { useAtom, useSetAtom } from 'jotai';
import {
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { shiftDay, tomorrowInParis } from '@shared/booking-days';
import { PARTICIPANTS_MAX, PARTICIPANTS_MIN } from '@shared/constants';
import { ISO_DAY } from '@shared/validation';
import {
  COMPANY_EVENT_TYPE_LABELS,
  COMPANY_EVENT_TYPES,
  EVENT_TYPE_LABELS,
  EVG_SUB_TYPE_LABELS,
  EVG_SUB_TYPES,
  type EventType,
} from '@shared/labels';
import { formatLongDate } from '@renderer/shared/format/long-date';
import { FormField } from '@renderer/shared/ui/form-field';
import { notify } from '@renderer/shared/ui/toaster';
import { eventAtom, linesAtom, resetDraftAtom, stepAtom, type EventDraft } from './wizard-draft';
import { loadedEventRules, loadEventRules } from './event-rules';
import type { ForMeCheckbox as ForMeCheckboxType } from './for-me-checkbox';
import type { EventErrors, EventField } from './wizard.schema';
import { ChoiceGroup, StepActions, StepHeading, type ChoiceOption } from './wizard-ui';

type ForMeProps = ComponentProps<typeof ForMeCheckboxType>;
let ForMeLoaded: ComponentType<ForMeProps> | undefined;
const loadForMe = async () => (ForMeLoaded ??= (await import('./for-me-checkbox')).ForMeCheckbox);
const ForMeLazy = lazy(async () => ({ default: await loadForMe() }));
/** Renders at once when loaded (step 1 loads it on mount); otherwise suspends briefly. */
function ForMe(props: ForMeProps) {
  const Component = ForMeLoaded ?? ForMeLazy;
  return <Component {...props} />;
}

function eventCard(value: EventType, description: string, icon: ReactNode): ChoiceOption<EventType> {
  return { value, label: EVENT_TYPE_LABELS[value], description, icon };
}

const EVENT_CARDS: ChoiceOption<EventType>[] = [
  eventCard('evg-evjf', 'Une journée inoubliable avant le grand jour', <Heart aria-hidden size={28} />),
  eventCard('anniv', 'Soufflez vos bougies en pleine nature', <Cake aria-hidden size={28} />),
  eventCard('group', 'Clubs, associations et sorties de groupe', <LineIcon icon={usersIcon} aria-hidden size={28} />),
  eventCard('company', "Séminaires et comités d'entreprise", <Briefcase aria-hidden size={28} />),
  eventCard('act', 'Une sortie en famille ou entre amis', <User aria-hidden size={28} />),
];

const SUB_TYPES = EVG_SUB_TYPES.map((value) => ({ value, label: EVG_SUB_TYPE_LABELS[value] }));
const COMPANY_TYPES = COMPANY_EVENT_TYPES.map((value) => ({ value, label: COMPANY_EVENT_TYPE_LABELS[value] }));

/** The sub-fields whose error goes away when the event type changes. */
const TYPE_FIELDS: EventField[] = [
  'bookingType',
  'eventSubType',
  'organizationName',
  'companyName',
  'companyEventType',
];

/** Step 1 'Votre événement' (SPEC.md §2, rules of §5). */
export function EventStep() {
  const navigate = useNavigate();
  const [event, setEvent] = useAtom(eventAtom);
  const setLines = useSetAtom(linesAtom);
  const setStep = useSetAtom(stepAtom);
  const resetDraft = useSetAtom(resetDraftAtom);
  const [errors, setErrors] = useState<EventErrors>({});
  const earliest = tomorrowInParis();
  // The 'Pour moi' box shows at once; the rules (zod, the phone library) come with the first touch
  // of the page (booking-wizard-page.tsx, docs/decisions.md, performance rule 13).
  useEffect(() => {
    void loadForMe();
  }, []);

  /** Editing a field clears its message (SPEC.md §5). */
  const edit = <K extends EventField>(field: K, value: EventDraft[K], cleared: EventField[] = [field]) => {
    setEvent((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of cleared) delete next[key];
      return next;
    });
  };

  /** The kind of bachelor party or of company event, which those two event types require. */
  const requiredChoice = <K extends 'eventSubType' | 'companyEventType'>(
    field: K,
    legend: string,
    options: readonly ChoiceOption<Exclude<EventDraft[K], ''>>[],
  ) => (
    <ChoiceGroup
      legend={legend}
      required
      options={options}
      value={event[field]}
      onChange={(value) => edit(field, value)}
      error={errors[field]}
    />
  );

  /** The club's or the company's name. */
  const organizationField = (field: 'organizationName' | 'companyName', label: string) => (
    <FormField label={label} required error={errors[field]}>
      <Input
        value={event[field]}
        onChange={(change) => edit(field, change.target.value)}
        autoComplete="organization"
        size="lg"
        bg="bg"
      />
    </FormField>
  );

  /** Moving the event moves every chosen item by the same number of days (SPEC.md §9). */
  const changeDate = (date: string) => {
    if (ISO_DAY.test(event.date) && ISO_DAY.test(date)) {
      setLines((lines) =>
        lines.map((line) => ({ ...line, scheduledDate: shiftDay(line.scheduledDate, event.date, date) })),
      );
    }
    edit('date', date);
  };

  const onContinue = async (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    // Loading since the visitor's first touch (event-rules.ts): in practice already here, and the
    // step changes within the submit event, as with any synchronous handler.
    const { validateEvent } = loadedEventRules() ?? (await loadEventRules());
    const result = validateEvent(event, earliest);
    if (!result.success) {
      setErrors(result.errors);
      notify.error('Veuillez corriger les erreurs avant de continuer');
      return;
    }
    setStep(2);
  };

  const onCancel = () => {
    resetDraft();
    void navigate('/');
  };

  return (
    <form onSubmit={onContinue} noValidate aria-labelledby="wizard-step-title">
      <Stack gap="8">
        <StepHeading title="Votre événement" lead="Dites-nous ce que vous fêtez, à combien et quand." />

        <ChoiceGroup
          legend="Type d'événement"
          required
          options={EVENT_CARDS}
          value={event.bookingType}
          onChange={(value) => edit('bookingType', value, TYPE_FIELDS)}
          error={errors.bookingType}
          columns={{ base: 1, sm: 2, lg: 3 }}
          testId="event-types"
        />

        {event.bookingType && event.bookingType !== 'act' && (
          <Card.Root variant="subtle">
            <Card.Body gap="5" p={{ base: '4', md: '6' }}>
              {event.bookingType === 'evg-evjf' &&
                requiredChoice('eventSubType', "Type d'événement spécifique", SUB_TYPES)}
              {event.bookingType === 'anniv' && (
                <Suspense fallback={<Box minH="11" />}>
                  <ForMe checked={event.forMe} onChange={(checked) => edit('forMe', checked)} />
                </Suspense>
              )}
              {event.bookingType === 'group' &&
                organizationField('organizationName', "Nom du club ou de l'association")}
              {event.bookingType === 'company' && (
                <>
                  {organizationField('companyName', "Nom de l'entreprise")}
                  {requiredChoice('companyEventType', "Type d'événement d'entreprise", COMPANY_TYPES)}
                </>
              )}
            </Card.Body>
          </Card.Root>
        )}

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" alignItems="start">
          <FormField
            label="Nombre de participants"
            required
            error={errors.participants}
            helperText="Entre 1 et 100 participants"
          >
            <Input
              type="number"
              inputMode="numeric"
              min={PARTICIPANTS_MIN}
              max={PARTICIPANTS_MAX}
              step={1}
              value={event.participants}
              onChange={(change) => edit('participants', change.target.value)}
              size="lg"
            />
          </FormField>
          <Stack gap="2">
            <FormField label="Date souhaitée" required error={errors.date}>
              <Input
                type="date"
                min={earliest}
                value={event.date}
                onChange={(change) => changeDate(change.target.value)}
                size="lg"
              />
            </FormField>
            <Text color="brand.fg" fontWeight="semibold" aria-live="polite" data-testid="chosen-date">
              {ISO_DAY.test(event.date) && (
                <>
                  <Box as="span" srOnly>
                    {'Date choisie : '}
                  </Box>
                  {formatLongDate(event.date)}
                </>
              )}
            </Text>
          </Stack>
        </SimpleGrid>

        <StepActions
          back={
            <Button type="button" variant="outline" size="lg" onClick={onCancel}>
              Annuler
            </Button>
          }
          next={
            <Button type="submit" colorPalette="brand" size="lg">
              Continuer
              <ArrowRight aria-hidden />
            </Button>
          }
        />
      </Stack>
    </form>
  );
}
