import { Button, Stack, Text } from '@chakra-ui/react';
import { CheckCircle2 } from 'lucide-react';
import { ConfirmDialog } from '@renderer/shared/ui/confirm-dialog';
import { notify } from '@renderer/shared/ui/toaster';
import { useValidateBooking, validationErrorMessage } from './api/validate-booking';

/** 'Valider ma demande' (SPEC.md §2, §4): asks for confirmation because validation is irreversible. */
export function ValidateRequestButton({ bookingId }: { bookingId: string }) {
  const validate = useValidateBooking(bookingId);

  const onConfirm = async () => {
    try {
      await validate.mutateAsync();
    } catch (error) {
      notify.error(validationErrorMessage(error));
      return false;
    }
    notify.success('Votre demande a été validée', {
      description: 'Notre équipe l’étudie et vous recontacte sous 24h.',
    });
    return true;
  };

  return (
    <ConfirmDialog
      trigger={
        <Button colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
          <CheckCircle2 aria-hidden />
          Valider ma demande
        </Button>
      }
      title="Valider ma demande"
      confirmLabel="Confirmer la validation"
      loadingText="Validation..."
      busy={validate.isPending}
      onConfirm={onConfirm}
    >
      <Stack gap="3">
        <Text>
          En validant, vous transmettez votre demande à notre équipe. Cette action est irréversible : vous ne pourrez
          plus modifier la date, le nombre de participants ni les activités, et la liste des participants sera
          définitive.
        </Text>
        <Text color="fg.muted">Notre équipe étudie ensuite votre demande et vous recontacte sous 24h.</Text>
      </Stack>
    </ConfirmDialog>
  );
}
