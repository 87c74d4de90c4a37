import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { WalkInResult, WalkInStatus } from '@shared/api/onsite.schema';
import { failureMessage } from '@renderer/shared/api/error-message';
import { formatEuros } from '@renderer/shared/format/format';
import { useChooseWalkInPayment } from './api/walk-in';

/** The organizer's card form, given by the app (a feature never imports another). */
export type KioskPaySlot = (props: { bookingId: string; label: string; amount: number }) => ReactNode;

/**
 * « Qui règle ? » (docs/decisions.md, "Walk-ins"): the organizer pays all at the kiosk's card form,
 * or each member pays their share from their phone; then what is left to pay.
 */
export function WhoPays({
  result,
  status,
  pay,
}: {
  result: WalkInResult;
  status: WalkInStatus | undefined;
  pay?: KioskPaySlot;
}) {
  const choose = useChooseWalkInPayment(result.bookingId);
  const linkToken = result.joinUrl.split('/').pop() ?? '';
  const chosen = choose.data?.data;
  const mode = status?.paymentMode ?? chosen?.mode ?? null;
  // The kiosk pays as the organizer only with their session (an address that had an account has none).
  const kioskPays = Boolean(result.token && pay);
  if (status?.paid) {
    return (
      <Text fontSize="2xl" fontWeight="semibold" color="fg.success" role="status">
        Groupe réglé : merci !
      </Text>
    );
  }
  return (
    <Box as="section" aria-labelledby="who-pays-title" w="full" maxW="xl">
      <Heading as="h2" size="lg" id="who-pays-title" mb="3">
        Qui règle ?
      </Heading>
      {mode === null && (
        <Stack gap="3">
          {kioskPays && (
            <Button
              size="2xl"
              colorPalette="brand"
              loading={choose.isPending}
              onClick={() => choose.mutate({ token: linkToken, mode: 'full' })}
            >
              L’organisateur règle tout maintenant
            </Button>
          )}
          <Button
            size="2xl"
            variant="outline"
            loading={choose.isPending}
            onClick={() => choose.mutate({ token: linkToken, mode: 'collective' })}
          >
            Chaque membre règle sa part
          </Button>
        </Stack>
      )}
      {choose.isError && (
        <Text role="alert" color="fg.error" fontSize="xl" mt="3">
          {failureMessage(choose.error)}
        </Text>
      )}
      {mode === 'full' && (
        <Stack gap="3" align="center">
          <Text fontSize="xl">L’organisateur règle la totalité à la borne.</Text>
          {kioskPays &&
            pay?.({ bookingId: result.bookingId, label: 'Payer par carte', amount: chosen?.totalAmount ?? 0 })}
        </Stack>
      )}
      {mode === 'collective' && (
        <Stack gap="3" align="center">
          <Text fontSize="xl">
            Chaque membre règle sa part depuis son téléphone après avoir scanné le QR code
            {chosen?.shareAmount ? ` (${formatEuros(chosen.shareAmount)} par personne)` : ''}.
          </Text>
          {kioskPays &&
            pay?.({
              bookingId: result.bookingId,
              label: 'L’organisateur règle sa part',
              amount: chosen?.shareAmount ?? 0,
            })}
        </Stack>
      )}
    </Box>
  );
}
