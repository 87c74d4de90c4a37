import { countOf, plural } from '@shared/plural';
import {
  Box,
  Button,
  Container,
  Flex,
  Heading,
  Image,
  Input,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import QRCode from 'qrcode';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { KioskToday, WalkInResult } from '@shared/api/onsite.schema';
import { failureMessage, fieldErrors } from '@renderer/shared/api/error-message';
import { clearAuthToken, setAuthToken } from '@renderer/shared/session/auth-token';
import { queryKeys } from '@renderer/shared/api/query-keys';
import { FormField } from '@renderer/shared/ui/form-field';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import { useCreateWalkIn, useKioskToday, useWalkInStatus } from './api/walk-in';
import { WhoPays, type KioskPaySlot } from './who-pays';

export type { KioskPaySlot };

/** SPEC.md §9's QR parameters, drawn larger for a kiosk screen read from a phone. */
const QR_OPTIONS = { width: 384, margin: 4, errorCorrectionLevel: 'M', type: 'image/png' } as const;
/** Back to the start after this long without a touch (the kiosk's idle reset). */
const IDLE_MS = 3 * 60_000;

type Choice = { activityId: string; startTime: string; label: string };

function SlotPicker({
  today,
  choice,
  onChoose,
}: {
  today: KioskToday;
  choice: Choice | null;
  onChoose: (c: Choice) => void;
}) {
  if (today.activities.length === 0) {
    return <Text fontSize="xl">Plus aucun créneau libre aujourd’hui : adressez-vous à l’accueil.</Text>;
  }
  return (
    <Stack gap="6">
      {today.activities.map((activity) => (
        <Box as="section" key={activity.id} aria-label={activity.name}>
          <Heading as="h2" size="lg" mb="3">
            {activity.name}
          </Heading>
          <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
            {activity.slots.map((slot) => {
              const label = `${activity.name} à ${slot.startTime}`;
              const selected = choice?.activityId === activity.id && choice.startTime === slot.startTime;
              return (
                <Button
                  key={slot.startTime}
                  size="2xl"
                  variant={selected ? 'solid' : 'outline'}
                  colorPalette="brand"
                  aria-pressed={selected}
                  aria-label={`${label}, ${slot.free === null ? 'places libres' : `${slot.free} places libres`}`}
                  onClick={() => onChoose({ activityId: activity.id, startTime: slot.startTime, label })}
                  flexDirection="column"
                  h="auto"
                  py="3"
                >
                  <Text fontSize="2xl">{slot.startTime}</Text>
                  <Text fontSize="sm">{slot.free === null ? 'Places libres' : `${slot.free} places`}</Text>
                </Button>
              );
            })}
          </SimpleGrid>
        </Box>
      ))}
    </Stack>
  );
}

function Headcount({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return (
    <Flex role="group" aria-label="Nombre de personnes" align="center" gap="4">
      <Button
        size="2xl"
        variant="outline"
        aria-label="Une personne de moins"
        onClick={() => onChange(Math.max(1, value - 1))}
      >
        −
      </Button>
      <Text fontSize="4xl" minW="16" textAlign="center" aria-live="polite">
        {value}
      </Text>
      <Button
        size="2xl"
        variant="outline"
        aria-label="Une personne de plus"
        onClick={() => onChange(Math.min(100, value + 1))}
      >
        +
      </Button>
      <Text fontSize="xl">{plural(value, 'personne')}</Text>
    </Flex>
  );
}

/** The group's QR code and who joined and paid, live. */
function GroupQr({
  result,
  participants,
  onDone,
  pay,
}: {
  result: WalkInResult;
  participants: number;
  onDone: () => void;
  pay?: KioskPaySlot;
}) {
  const qr = useQuery({
    queryKey: queryKeys.qrCode(result.joinUrl),
    queryFn: () => QRCode.toDataURL(result.joinUrl, QR_OPTIONS),
    staleTime: Infinity,
  });
  const linkToken = result.joinUrl.split('/').pop() ?? '';
  const status = useWalkInStatus(result.bookingId, linkToken);
  const joined = status.data?.joined ?? [];
  return (
    <Stack gap="6" align="center" textAlign="center">
      <Heading as="h1" size="2xl">
        Réservation {result.bookingRequestId} enregistrée
      </Heading>
      <Text fontSize="xl">
        Chaque membre du groupe scanne ce QR code avec son téléphone pour rejoindre la réservation.
      </Text>
      {qr.data ? (
        <Box bg="white" p="2" rounded="md" borderWidth="1px">
          <Image
            src={qr.data}
            alt="QR code pour rejoindre le groupe"
            width="384px"
            height="384px"
            data-testid="group-qr"
          />
        </Box>
      ) : (
        <Spinner role="status" size="xl" aria-label="Génération du QR code" />
      )}
      <Box as="section" aria-labelledby="joined-title" w="full" maxW="xl">
        <Heading as="h2" size="lg" id="joined-title">
          Membres inscrits : {joined.length} / {participants}
        </Heading>
        <Stack as="ul" listStyleType="none" ps="0" mt="3" gap="2" aria-live="polite" data-testid="joined-list">
          {joined.map((person) => (
            <Flex as="li" key={person.name} justify="space-between" fontSize="xl" borderBottomWidth="1px" py="2">
              <Text>{person.name}</Text>
              {/* green.700: fg.success (green.600) is 3.3:1 on white, under axe's 4.5:1 at this size. */}
              <Text color={person.paid ? 'green.700' : 'fg.muted'}>{person.paid ? 'Payé' : 'Paiement en attente'}</Text>
            </Flex>
          ))}
        </Stack>
      </Box>
      <WhoPays result={result} status={status.data} pay={pay} />
      <Button size="2xl" colorPalette="brand" onClick={onDone}>
        Terminer
      </Button>
    </Stack>
  );
}

type Step = 'start' | 'choose' | 'contact' | 'done';

/**
 * /borne: a walk-in group books at the kiosk (docs/decisions.md, "Walk-ins"): « Réserver
 * maintenant », today's slots with free places and the headcount, the organizer's contact, then
 * the group's QR code and who joined. Without a touch for 3 minutes it goes back to the start.
 */
export function WalkInPage({ pay }: { pay?: KioskPaySlot } = {}) {
  usePageTitle('Réserver maintenant');
  const [step, setStep] = useState<Step>('start');
  const [choice, setChoice] = useState<Choice | null>(null);
  const [people, setPeople] = useState(4);
  const [contact, setContact] = useState({ firstName: '', lastName: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<WalkInResult | null>(null);
  const today = useKioskToday();
  const create = useCreateWalkIn();
  const kioskSession = useRef(false);

  const reset = () => {
    // The organizer's session lasts until the kiosk resets.
    if (kioskSession.current) clearAuthToken();
    kioskSession.current = false;
    setStep('start');
    setChoice(null);
    setPeople(4);
    setContact({ firstName: '', lastName: '', email: '', phone: '' });
    setErrors({});
    setResult(null);
  };

  useEffect(() => {
    if (step === 'start') return undefined;
    let timer = window.setTimeout(reset, IDLE_MS);
    const touch = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(reset, IDLE_MS);
    };
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    events.forEach((name) => window.addEventListener(name, touch));
    return () => {
      window.clearTimeout(timer);
      events.forEach((name) => window.removeEventListener(name, touch));
    };
  }, [step]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!choice || !today.data) return;
    setErrors({});
    try {
      const answer = await create.mutateAsync({
        participants: people,
        date: today.data.date,
        bookingActivities: [{ catalogActivityId: choice.activityId, startTime: choice.startTime }],
        mainContact: contact,
      });
      if (answer.data.token) {
        setAuthToken(answer.data.token);
        kioskSession.current = true;
      }
      setResult(answer.data);
      setStep('done');
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(Object.keys(byField).length > 0 ? byField : { form: failureMessage(error) });
    }
  };

  const field = (name: keyof typeof contact, label: string, type = 'text', autoComplete?: string) => (
    <FormField label={label} error={errors[`mainContact.${name}`] ?? errors[name]} required>
      <Input
        size="2xl"
        type={type}
        autoComplete={autoComplete}
        value={contact[name]}
        onChange={(event) => setContact({ ...contact, [name]: event.target.value })}
      />
    </FormField>
  );

  return (
    <Container maxW="4xl" py="10" minH="100vh">
      {step === 'start' && (
        <Stack gap="10" align="center" textAlign="center" pt="32">
          <Heading as="h1" size="4xl">
            Bienvenue au parc
          </Heading>
          <Text fontSize="2xl">Vous venez en groupe sans réservation ? Réservez ici pour aujourd’hui.</Text>
          <Button size="2xl" colorPalette="brand" px="16" py="10" fontSize="3xl" onClick={() => setStep('choose')}>
            Réserver maintenant
          </Button>
        </Stack>
      )}
      {step === 'choose' && (
        <Stack gap="8">
          <Heading as="h1" size="3xl">
            Activités d’aujourd’hui
          </Heading>
          {today.isPending && <Spinner role="status" size="xl" aria-label="Chargement des créneaux" />}
          {today.isError && <Text role="alert">{failureMessage(today.error)}</Text>}
          {today.data && <SlotPicker today={today.data} choice={choice} onChoose={setChoice} />}
          <Heading as="h2" size="xl">
            Combien êtes-vous ?
          </Heading>
          <Headcount value={people} onChange={setPeople} />
          <Flex gap="4" justify="space-between">
            <Button size="2xl" variant="outline" onClick={reset}>
              Annuler
            </Button>
            <Button size="2xl" colorPalette="brand" disabled={!choice} onClick={() => setStep('contact')}>
              Continuer
            </Button>
          </Flex>
        </Stack>
      )}
      {step === 'contact' && choice && (
        <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="contact-title">
          <Stack gap="6">
            <Heading as="h1" size="3xl" id="contact-title">
              L’organisateur du groupe
            </Heading>
            <Text fontSize="xl">
              {choice.label}, {countOf(people, 'personne')}
            </Text>
            {field('firstName', 'Prénom', 'text', 'given-name')}
            {field('lastName', 'Nom', 'text', 'family-name')}
            {field('email', 'E-mail', 'email', 'email')}
            {field('phone', 'Téléphone', 'tel', 'tel')}
            {errors.form && (
              <Text role="alert" color="fg.error" fontSize="xl">
                {errors.form}
              </Text>
            )}
            <Flex gap="4" justify="space-between">
              <Button size="2xl" variant="outline" onClick={() => setStep('choose')}>
                Retour
              </Button>
              <Button type="submit" size="2xl" colorPalette="brand" loading={create.isPending}>
                Réserver
              </Button>
            </Flex>
          </Stack>
        </form>
      )}
      {step === 'done' && result && <GroupQr result={result} participants={people} onDone={reset} pay={pay} />}
    </Container>
  );
}
