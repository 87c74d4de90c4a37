import { Alert, Button, Card, Center, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { CheckCircle2, LogIn, RotateCcw, TriangleAlert } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { RouterLink } from '@renderer/shared/ui/router-link';
import {
  INVITATION_MESSAGES,
  type InvitationDetails,
  type JoinInvitationResponse,
} from '@shared/api/invitation.schema';
import { INVITATION_RETRY_LIMIT, JOIN_REDIRECT_DELAY_MS } from '@shared/invite-link-status';
import { errorMessage, httpStatus } from '@renderer/shared/api/error-message';
import { setAuthToken } from '@renderer/shared/session/auth-token';
import { useSession } from '@renderer/shared/session/use-session';
import { notify } from '@renderer/shared/ui/toaster';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import { useInvitation } from './api/get-invitation';
import { InvitationView } from './invitation-view';
import { JoinForm } from './join-form';
import { HomeButton } from '@renderer/shared/ui/home-button';

export const INVALID_TITLE = 'Invitation non valide';
export const JOINED_TITLE = 'Inscription confirmée !';

/** SPEC.md §2: no retry after 3 attempts, nor when the message says the invitation is invalid or unknown. */
export function canRetry(failures: number, message: string): boolean {
  return failures < INVITATION_RETRY_LIMIT && !message.includes('invalide') && !message.includes('non trouvée');
}

function PageFrame({ children }: { children: React.ReactNode }) {
  return (
    <Container maxW="4xl" py={{ base: '6', md: '12' }}>
      {children}
    </Container>
  );
}

function ErrorState({ message, failures, onRetry }: { message: string; failures: number; onRetry: () => void }) {
  return (
    <OutcomeCard
      failed
      testId="invitation-error"
      icon={<TriangleAlert aria-hidden size={40} color="var(--chakra-colors-fg-error)" />}
      title={INVALID_TITLE}
      message={message}
    >
      <Text color="fg.muted" fontSize="sm" data-testid="attempts">
        Tentative {Math.max(failures, 1)} / {INVITATION_RETRY_LIMIT}
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
        {canRetry(failures, message) && (
          <Button colorPalette="brand" size="lg" onClick={onRetry}>
            <RotateCcw aria-hidden />
            Réessayer
          </Button>
        )}
        <HomeButton />
      </Stack>
    </OutcomeCard>
  );
}

/**
 * How the invitation ended: its icon, its h1, the server's message, then what follows; an alert
 * when it failed, a status once joined.
 */
function OutcomeCard({
  failed = false,
  testId,
  icon,
  title,
  message,
  children,
}: {
  failed?: boolean;
  testId: string;
  icon: ReactNode;
  title: string;
  message: string;
  children: ReactNode;
}) {
  return (
    <Card.Root variant="outline" role={failed ? 'alert' : 'status'} data-testid={testId}>
      <Card.Body gap="4" alignItems="center" textAlign="center" p={{ base: '6', md: '10' }}>
        {icon}
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text>{message}</Text>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** A joined invitation's card: the green tick, then the outcome. */
function DoneCard(props: { testId: string; title: string; message: string; children: ReactNode }) {
  return (
    <OutcomeCard icon={<CheckCircle2 aria-hidden size={40} color="var(--chakra-colors-green-600)" />} {...props} />
  );
}

/** 'Inscription confirmée !' then the booking, 1.5 s later (SPEC.md §4 join flow). */
function Redirecting({ result }: { result: JoinInvitationResponse }) {
  const navigate = useNavigate();
  useEffect(() => {
    const target = result.redirectTo ?? `/booking/${result.data.bookingDetails.id}`;
    const timer = window.setTimeout(() => navigate(target, { replace: true }), JOIN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, result]);
  return (
    <DoneCard testId="join-success" title={JOINED_TITLE} message={result.message}>
      <Text color="fg.muted">Redirection vers la réservation…</Text>
    </DoneCard>
  );
}

/** For a joiner who is not logged in (temporary password by e-mail): SPEC.md §2. */
function Confirmation({ result, email }: { result: JoinInvitationResponse; email: string }) {
  const booking = result.data.bookingDetails;
  return (
    <DoneCard testId="join-confirmation" title="Votre inscription est enregistrée" message={result.message}>
      <Text>
        Réservation <strong>{booking.bookingRequestId}</strong>{' '}
        <Text as="span" color="fg.muted" wordBreak="break-all">
          ({booking.id})
        </Text>
      </Text>
      <Text color="fg.muted">Vous recevrez plus d'informations par e-mail.</Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to={`/login?email=${encodeURIComponent(email)}`}>
            <LogIn aria-hidden />
            Se connecter
          </RouterLink>
        </Button>
        <HomeButton />
      </Stack>
    </DoneCard>
  );
}

/**
 * The booking's list is full for this visitor: the join's own 409 text, said before any form
 * (the page offers none).
 */
function FullNotice({ details }: { details: InvitationDetails }) {
  return (
    <Alert.Root status="warning" role="alert" data-testid="invitation-full">
      <Alert.Indicator />
      <Alert.Title>{INVITATION_MESSAGES.full(details.invitationInfo.participantLimit)}</Alert.Title>
    </Alert.Root>
  );
}

/** /invitation/{token} (SPEC.md §2): loading, error with retries, the invitation and its join form. */
export function InvitationPage() {
  const { token = '' } = useParams();
  const session = useSession();
  const [failures, setFailures] = useState(0);
  // SPEC.md §8: a failure other than 404 or 403 increases the retry counter.
  const query = useInvitation(token, (error) => {
    const status = httpStatus(error);
    if (status !== 404 && status !== 403) setFailures((count) => count + 1);
  });
  const [joined, setJoined] = useState<{ result: JoinInvitationResponse; email: string } | null>(null);
  usePageTitle(joined ? JOINED_TITLE : query.isError ? INVALID_TITLE : 'Invitation');

  const onJoined = (result: JoinInvitationResponse, email: string) => {
    if (result.shouldRedirect && result.token) setAuthToken(result.token);
    if (result.shouldRedirect) notify.success(result.message);
    setJoined({ result, email });
  };

  if (joined) {
    return (
      <PageFrame>
        {joined.result.shouldRedirect ? (
          <Redirecting result={joined.result} />
        ) : (
          <Confirmation result={joined.result} email={joined.email} />
        )}
      </PageFrame>
    );
  }
  if (query.isPending || query.isFetching || session.isLoading) {
    return (
      <Center py="24" role="status" aria-live="polite">
        <Stack align="center" gap="3">
          <Spinner size="xl" color="brand.solid" aria-hidden />
          <Text color="fg.muted">Chargement de l'invitation…</Text>
        </Stack>
      </Center>
    );
  }
  if (query.isError) {
    return (
      <PageFrame>
        <ErrorState message={errorMessage(query.error)} failures={failures} onRetry={() => void query.refetch()} />
      </PageFrame>
    );
  }
  // No place left for this visitor: the join would answer 409, so the page says it and offers no form.
  const full = query.data.invitationInfo.isFull;
  return (
    <PageFrame>
      <Stack gap={{ base: '6', md: '8' }}>
        <InvitationView details={query.data} notice={full && <FullNotice details={query.data} />} />
        {!full &&
          (session.isTemporaryPassword ? (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>Veuillez d'abord changer votre mot de passe temporaire</Alert.Title>
            </Alert.Root>
          ) : (
            <JoinForm token={token} details={query.data} user={session.user} onJoined={onJoined} />
          ))}
      </Stack>
    </PageFrame>
  );
}
