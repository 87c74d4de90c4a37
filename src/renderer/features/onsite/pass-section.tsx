import { codeRecipe } from '@chakra-ui/react/theme';
import { Alert, Box, Button, Code, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import type { PersonalPass } from '@shared/api/onsite.schema';
import { failureMessage } from '@renderer/shared/api/error-message';
import { usePass, useSignWaiver } from './api/pass';
import { WaiverForm } from '@renderer/shared/ui/waiver-form';

const signedDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(
    new Date(iso),
  );

/** The pass itself: its QR, its code, its PNG download, the waiver's state. */
export function PassCard({ pass }: { pass: PersonalPass }) {
  return (
    <Stack gap="3" align={{ base: 'stretch', sm: 'flex-start' }}>
      <Text>
        Pass de{' '}
        <strong>
          {pass.firstName} {pass.lastName}
        </strong>{' '}
        pour la réservation {pass.bookingRequestId} : présentez ce QR code à l’accueil du parc.
      </Text>
      <Box bg="white" borderWidth="1px" rounded="md" alignSelf="center">
        <Image
          src={pass.qrPng}
          alt={`QR code du pass de ${pass.firstName} ${pass.lastName}`}
          width="192px"
          height="192px"
        />
      </Box>
      <Code recipe={codeRecipe} wordBreak="break-all" fontSize="xs">
        {pass.code}
      </Code>
      <Button asChild colorPalette="brand" size="lg" variant="outline">
        <a href={pass.qrPng} download={`pass-${pass.bookingRequestId}-${pass.lastName}.png`}>
          <Download aria-hidden />
          Télécharger le pass (PNG)
        </a>
      </Button>
      {pass.checkedInAt && <Text color="fg.success">Arrivée enregistrée le {signedDate(pass.checkedInAt)}</Text>}
      {pass.waiver && (
        <Text color="fg.success">
          Décharge signée le {signedDate(pass.waiver.signedAt)} par {pass.waiver.fullName} (version{' '}
          {pass.waiver.version})
        </Text>
      )}
    </Stack>
  );
}

/** The booking detail's « Mon pass » section: the pass and, until it is signed, the waiver form. */
export function PassSection({ bookingId }: { bookingId: string }) {
  const pass = usePass(bookingId);
  const sign = useSignWaiver(bookingId);
  if (pass.isPending) return <Spinner role="status" aria-label="Chargement du pass" />;
  if (pass.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{failureMessage(pass.error, { fallback: 'Erreur lors du chargement du pass' })}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="6">
      <PassCard pass={pass.data} />
      {!pass.data.waiver && (
        <>
          <Text>
            Signez la décharge avant votre venue : sans elle, l’entrée est refusée jusqu’à sa signature sur place.
          </Text>
          <WaiverForm submit={(body) => sign.mutateAsync(body)} busy={sign.isPending} />
        </>
      )}
    </Stack>
  );
}
