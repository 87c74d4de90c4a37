import { Alert, Badge, Button, Card, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Printer } from 'lucide-react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { BoardGroup, CheckInResult } from '@shared/api/onsite.schema';
import { errorCode, failureMessage } from '@renderer/shared/api/error-message';
import { FormField } from '@renderer/shared/ui/form-field';
import { formatEuros } from '@renderer/shared/format/numbers';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { notify } from '@renderer/shared/ui/toaster';
import { WaiverForm } from '@renderer/shared/ui/waiver-form';
import { AdminPage, QueryStates } from '../ui/admin-page';
import { CameraScanner } from './camera-scanner';
import { checkIn, checkOut, signWaiverOnSite, useCheckInBoard, useOnsiteAction } from './api/check-in';

type Outcome =
  | { kind: 'ok'; message: string; result: CheckInResult }
  | { kind: 'refused'; message: string; code: string; waiverMissing: boolean };

const normalized = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** The outcome of the last scan: who arrived, or why not (and the waiver to sign on site). */
function ScanOutcome({ outcome, onSigned }: { outcome: Outcome; onSigned: () => void }) {
  const sign = useOnsiteAction(signWaiverOnSite);
  if (outcome.kind === 'ok') {
    const { booking } = outcome.result;
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{outcome.message}</Alert.Title>
          <Alert.Description>
            Groupe {booking.bookingRequestId} ({booking.organizerName}) : {booking.arrived} / {booking.expected} arrivés
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="3">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{outcome.message}</Alert.Title>
      </Alert.Root>
      {outcome.waiverMissing && (
        <Card.Root variant="outline">
          <Card.Body>
            <WaiverForm
              compact
              busy={sign.isPending}
              submit={async (body) => {
                await sign.mutateAsync({ ...body, code: outcome.code });
                onSigned();
              }}
            />
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}

/** What reception collects from the group (docs/decisions.md, "On site", "Balance to collect on site"). */
function BalanceLine({ balance }: { balance: BoardGroup['balanceDue'] }) {
  if (!balance) return null;
  if (balance.amount === 0) {
    return (
      <Text fontSize="sm" color="green.700">
        Tout est réglé
      </Text>
    );
  }
  return (
    <Text fontWeight="semibold" color="fg.warning">
      Solde à encaisser sur place : {formatEuros(balance.amount)}
      {balance.onSiteChosen ? ' (choisi par l’organisateur)' : ''}
    </Text>
  );
}

function GroupCard({ group, onCheckIn }: { group: BoardGroup; onCheckIn: (code: string) => void }) {
  const leave = useOnsiteAction(checkOut);
  const complete = group.arrived >= group.expected;
  return (
    <Card.Root as="li" variant="outline">
      <Card.Body gap="2" p={{ base: '3', md: '4' }}>
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h3" size="sm">
            {group.bookingRequestId} · {group.organizerName}
          </Heading>
          <Badge
            colorPalette={complete ? 'green' : 'orange'}
            size="lg"
            aria-label={`${group.arrived} arrivés sur ${group.expected}`}
          >
            {group.arrived} / {group.expected}
          </Badge>
        </Flex>
        <BalanceLine balance={group.balanceDue} />
        <Stack as="ul" gap="1" listStyleType="none" ps="0">
          {group.participants.map((person) => (
            <Flex as="li" key={person.participantId} justify="space-between" align="center" gap="2" wrap="wrap">
              <Text>
                {person.firstName} {person.lastName}
                {!person.waiverSigned && (
                  <Text as="span" color="fg.warning" ms="2" fontSize="sm">
                    décharge à signer
                  </Text>
                )}
              </Text>
              {person.checkedInAt ? (
                <Text fontSize="sm" color="green.700">
                  Arrivé
                </Text>
              ) : (
                <Button size="sm" variant="outline" onClick={() => onCheckIn(person.code)}>
                  Enregistrer l’arrivée de {person.firstName} {person.lastName}
                </Button>
              )}
            </Flex>
          ))}
        </Stack>
        {group.checkedOutAt ? (
          <Text fontSize="sm" color="fg.muted">
            Départ enregistré
          </Text>
        ) : (
          <Button
            size="sm"
            alignSelf="flex-start"
            variant="subtle"
            loading={leave.isPending}
            onClick={() =>
              leave.mutate(group.bookingId, {
                onSuccess: (answer) => notify.success(answer.message),
                onError: (error) => notify.error(failureMessage(error)),
              })
            }
          >
            Enregistrer le départ du groupe {group.bookingRequestId}
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * /admin/accueil: the reception's check-in (docs/decisions.md, "On site"). A USB scanner types
 * the pass code into the field and presses Enter (a pasted code works alike), the camera reads
 * the QR code (camera-scan.ts); search by name in
 * the day's board; each group shows its arrivals (n / N) and its check-out.
 */
export function CheckInPage() {
  const board = useCheckInBoard();
  const scan = useOnsiteAction(checkIn);
  const [code, setCode] = useState('');
  const [search, setSearch] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const field = useRef<HTMLInputElement>(null);

  const submitCode = async (value: string) => {
    const trimmed = value.trim();
    if (trimmed === '') return;
    try {
      const answer = await scan.mutateAsync(trimmed);
      setOutcome({ kind: 'ok', message: answer.message, result: answer.data });
    } catch (error) {
      const reason = errorCode(error);
      setOutcome({
        kind: 'refused',
        message: failureMessage(error, { prefer: 'error' }),
        code: trimmed,
        waiverMissing: reason === 'WAIVER_MISSING',
      });
    }
    setCode('');
    field.current?.focus();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submitCode(code);
  };

  const groups = useMemo(() => {
    const wanted = normalized(search);
    const all = board.data?.groups ?? [];
    if (wanted === '') return all;
    return all
      .map((group) => ({
        ...group,
        participants: group.participants.filter((person) =>
          normalized(
            `${person.firstName} ${person.lastName} ${group.organizerName} ${group.bookingRequestId}`,
          ).includes(wanted),
        ),
      }))
      .filter((group) => group.participants.length > 0);
  }, [board.data, search]);

  return (
    <AdminPage
      title="Accueil du jour"
      lead="Scannez le pass d’un participant ou cherchez-le par son nom."
      actions={
        <Button asChild variant="outline" size="lg">
          <RouterLink
            to={board.data ? `/admin/accueil/impression?date=${board.data.date}` : '/admin/accueil/impression'}
          >
            <Printer aria-hidden />
            Imprimer les pass du jour
          </RouterLink>
        </Button>
      }
    >
      <form onSubmit={onSubmit} aria-label="Scanner un pass">
        <Flex gap="2" align="flex-end" wrap="wrap">
          <FormField label="Code du pass (scanner ou coller)">
            <Input
              ref={field}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoFocus
              autoComplete="off"
              spellCheck={false}
              size="lg"
              minW={{ base: 'full', md: '96' }}
            />
          </FormField>
          <Button type="submit" colorPalette="brand" size="lg" loading={scan.isPending}>
            Enregistrer l’arrivée
          </Button>
        </Flex>
      </form>
      <CameraScanner onCode={(value) => void submitCode(value)} />
      {outcome && (
        <ScanOutcome
          outcome={outcome}
          onSigned={() => {
            if (outcome.kind === 'refused') void submitCode(outcome.code);
          }}
        />
      )}
      <FormField label="Rechercher un participant ou un groupe">
        <Input value={search} onChange={(event) => setSearch(event.target.value)} type="search" size="lg" />
      </FormField>
      <QueryStates query={board} loadingLabel="Chargement des arrivées…">
        {(data) =>
          data.groups.length === 0 ? (
            <Text color="fg.muted">Aucun groupe n’est attendu aujourd’hui.</Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" ps="0" aria-label="Arrivées du jour par groupe">
              {groups.map((group) => (
                <GroupCard key={group.bookingId} group={group} onCheckIn={(value) => void submitCode(value)} />
              ))}
            </Stack>
          )
        }
      </QueryStates>
    </AdminPage>
  );
}
