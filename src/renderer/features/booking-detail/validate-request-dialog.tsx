import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../shared/ui/toaster';
import { useValidateBooking, validationErrorMessage } from './api/validate-booking';

/** 'Valider ma demande' (SPEC.md §2, §4): asks for confirmation because validation is irreversible. */
export function ValidateRequestButton({ bookingId }: { bookingId: string }) {
  const [open, setOpen] = useState(false);
  const validate = useValidateBooking(bookingId);

  const onConfirm = async () => {
    try {
      await validate.mutateAsync();
    } catch (error) {
      notify.error(validationErrorMessage(error));
      return;
    }
    setOpen(false);
    notify.success('Votre demande a été validée', {
      description: 'Notre équipe l’étudie et vous recontacte sous 24h.',
    });
  };

  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(event) => setOpen(event.open)}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Dialog.Trigger asChild>
        <Button colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
          <CheckCircle2 aria-hidden />
          Valider ma demande
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Valider ma demande</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>
                  En validant, vous transmettez votre demande à notre équipe. Cette action est irréversible : vous ne
                  pourrez plus modifier la date, le nombre de participants ni les activités, et la liste des
                  participants sera définitive.
                </Text>
                <Text color="fg.muted">Notre équipe étudie ensuite votre demande et vous recontacte sous 24h.</Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" size="lg">
                  Annuler
                </Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="brand"
                size="lg"
                loading={validate.isPending}
                loadingText="Validation..."
                onClick={() => void onConfirm()}
              >
                Confirmer la validation
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton aria-label="Fermer" size="md" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
