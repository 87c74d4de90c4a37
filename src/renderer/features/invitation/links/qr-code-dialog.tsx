import { Alert, Box, Button, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { Download, RotateCcw } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { INVITATION_MESSAGES } from '@shared/invitation-messages';
import { DialogShell } from '@renderer/shared/ui/dialog-shell';
import { PrintButton } from '@renderer/shared/ui/print-button';
import { queryKeys } from '@renderer/shared/api/query-keys';

/** SPEC.md §9: 192 px in the modal, error correction M, a margin of 4 modules, downloaded as PNG. */
export const QR_OPTIONS = { width: 192, margin: 4, errorCorrectionLevel: 'M' } as const;

type QrState = { kind: 'loading' } | { kind: 'ready'; dataUrl: string } | { kind: 'error' };

/** The QR code of an invitation link, with its PNG download, retry on failure, and print on the desktop app. */
export function QrCodeDialog({
  url,
  label,
  open,
  onClose,
  finalFocusEl,
}: {
  url: string;
  label: string;
  open: boolean;
  onClose: () => void;
  /** Where the focus goes back on closing (the share menu's button: the menu item that opened it is gone). */
  finalFocusEl?: () => HTMLElement | null;
}) {
  const qr = useQuery({
    queryKey: queryKeys.qrCode(url),
    // The QR library loads with the first code drawn, not with the booking page (docs/decisions.md,
    // performance rule 21); a failed load is shown as any failure, with its retry.
    queryFn: async () => {
      const { default: QRCode } = await import('qrcode');
      return QRCode.toDataURL(url, { ...QR_OPTIONS, type: 'image/png' });
    },
    enabled: open,
    retry: false,
    staleTime: Infinity,
  });
  const state: QrState = qr.isError
    ? { kind: 'error' }
    : qr.data && !qr.isFetching
      ? { kind: 'ready', dataUrl: qr.data }
      : { kind: 'loading' };
  const generate = () => qr.refetch();

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => !next && onClose()}
      finalFocusEl={finalFocusEl}
      title="QR code de l'invitation"
      footerAlign="center"
      actions={
        <>
          {state.kind === 'error' && (
            <Button colorPalette="brand" size="lg" onClick={() => void generate()}>
              <RotateCcw aria-hidden />
              Réessayer
            </Button>
          )}
          {state.kind === 'ready' && (
            <Button asChild colorPalette="brand" size="lg">
              <a href={state.dataUrl} download="invitation-qr-code.png">
                <Download aria-hidden />
                Télécharger (PNG)
              </a>
            </Button>
          )}
          <PrintButton kind="qr-code" url={url} label={label} />
        </>
      }
    >
      <Stack gap="4" align="center" textAlign="center">
        {state.kind === 'loading' && (
          <Spinner role="status" size="lg" color="brand.solid" aria-label="Génération du QR code" />
        )}
        {state.kind === 'error' && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{INVITATION_MESSAGES.qrError}</Alert.Title>
          </Alert.Root>
        )}
        {state.kind === 'ready' && (
          <Box bg="white" p="0" rounded="md" borderWidth="1px">
            <Image
              src={state.dataUrl}
              alt={`QR code du lien d'invitation ${url}`}
              width="192px"
              height="192px"
              data-testid="qr-code"
            />
          </Box>
        )}
        <Text color="fg.muted" fontSize="sm" wordBreak="break-all">
          {url}
        </Text>
      </Stack>
    </DialogShell>
  );
}
