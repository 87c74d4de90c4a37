import { Alert, Box, Circle, Flex, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import type { BookingDetail } from '@shared/api/customer-booking.schema';
import { ProgressBar } from '@renderer/shared/ui/progress-bar';

export const PROGRESS_STEPS = [
  'Demande créée',
  'Validation client',
  'Validation équipe',
  'Paiement / caution',
] as const;

type StepState = 'done' | 'current' | 'upcoming';

/** Which of the four steps of SPEC.md §2 are done; the first one not done is the current one. */
export function progressSteps(
  detail: Pick<BookingDetail, 'status' | 'clientValidation' | 'adminValidation'>,
): StepState[] {
  const done = [
    true,
    detail.clientValidation === 'validated',
    detail.adminValidation === 'validated',
    detail.status === 'confirmed' || detail.status === 'completed',
  ];
  const current = detail.status === 'canceled' ? -1 : done.indexOf(false);
  return done.map((isDone, index) => (isDone ? 'done' : index === current ? 'current' : 'upcoming'));
}

interface Banner {
  status: 'info' | 'warning' | 'success';
  title: string;
  description: string;
}

/** The banner's texts, one per stage of the request. */
const BANNERS = {
  canceled: [
    'warning',
    'Réservation annulée',
    'Cette réservation a été annulée. Pour toute question, contactez notre équipe.',
  ],
  completed: ['success', 'Événement terminé', 'Merci de votre visite au parc, à bientôt !'],
  confirmed: [
    'success',
    'Réservation confirmée',
    'Votre réservation est confirmée : toute l’équipe du parc vous attend.',
  ],
  awaitingOrganizer: [
    'warning',
    'Votre demande attend votre validation',
    'Vérifiez la date, le nombre de participants et les activités, puis validez votre demande : notre équipe l’étudiera et vous recontactera sous 24h.',
  ],
  inPreparation: [
    'info',
    'Demande en préparation',
    'L’organisateur prépare encore cette demande avant de la transmettre à notre équipe.',
  ],
  underReview: [
    'info',
    'Demande en cours d’étude',
    'Notre équipe étudie la demande et vous recontacte sous 24h avec un devis personnalisé.',
  ],
  awaitingPayment: [
    'info',
    'Demande validée par notre équipe',
    'Dernière étape : le paiement ou la caution, qui confirmera définitivement la réservation.',
  ],
} satisfies Record<string, [Banner['status'], string, string]>;

/** The banner under the progress bar: where the request stands and what comes next. */
export function progressBanner(
  detail: Pick<BookingDetail, 'status' | 'clientValidation' | 'adminValidation' | 'userRole'>,
): Banner {
  const [status, title, description] = BANNERS[bannerStage(detail)];
  return { status, title, description };
}

function bannerStage(
  detail: Pick<BookingDetail, 'status' | 'clientValidation' | 'adminValidation' | 'userRole'>,
): keyof typeof BANNERS {
  if (detail.status === 'canceled' || detail.status === 'completed' || detail.status === 'confirmed') {
    return detail.status;
  }
  if (detail.clientValidation === 'pending') {
    return detail.userRole === 'organizer' ? 'awaitingOrganizer' : 'inPreparation';
  }
  return detail.adminValidation === 'pending' ? 'underReview' : 'awaitingPayment';
}

const STATE_TEXT: Record<StepState, string> = { done: 'terminée', current: 'en cours', upcoming: 'à venir' };

export function BookingProgress({ detail }: { detail: BookingDetail }) {
  const states = progressSteps(detail);
  const doneCount = states.filter((state) => state === 'done').length;
  const currentIndex = states.indexOf('current');
  const banner = progressBanner(detail);
  const valueText =
    currentIndex >= 0
      ? `Étape ${currentIndex + 1} sur ${PROGRESS_STEPS.length} : ${PROGRESS_STEPS[currentIndex]}`
      : `${doneCount} étapes sur ${PROGRESS_STEPS.length} terminées`;

  return (
    <Stack gap="4">
      <ProgressBar
        percent={(doneCount / PROGRESS_STEPS.length) * 100}
        label="Avancement de la réservation"
        valueText={valueText}
      />
      <Flex
        as="ol"
        listStyleType="none"
        gap={{ base: '2', md: '4' }}
        direction={{ base: 'column', md: 'row' }}
        data-testid="progress-steps"
      >
        {PROGRESS_STEPS.map((title, index) => {
          const state = states[index] ?? 'upcoming';
          return (
            <Flex
              as="li"
              key={title}
              flex="1"
              gap="2"
              align="center"
              aria-current={state === 'current' ? 'step' : undefined}
              data-state={state}
            >
              <Circle
                size="8"
                flexShrink={0}
                bg={state === 'done' ? 'brand.solid' : state === 'current' ? 'accent.solid' : 'bg.muted'}
                color={state === 'upcoming' ? 'fg.muted' : 'white'}
                fontWeight="bold"
                fontSize="sm"
                aria-hidden
              >
                {state === 'done' ? <Check size={16} /> : index + 1}
              </Circle>
              <Box>
                <Text
                  fontWeight={state === 'current' ? 'bold' : 'medium'}
                  color={state === 'upcoming' ? 'fg.muted' : 'fg'}
                >
                  {title}
                </Text>
                <VisuallyHidden>({STATE_TEXT[state]})</VisuallyHidden>
              </Box>
            </Flex>
          );
        })}
      </Flex>
      <Alert.Root status={banner.status} data-testid="progress-banner">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{banner.title}</Alert.Title>
          <Alert.Description>{banner.description}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Stack>
  );
}
