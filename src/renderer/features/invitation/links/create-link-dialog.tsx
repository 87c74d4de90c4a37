import { Button, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { INVITATION_MESSAGES } from '@shared/invitation-messages';
import { todayInParis } from '@shared/booking-days';
import { INVITE_MAX_USES_CHOICES } from '@shared/invite-link-status';
import { failureMessage } from '@renderer/shared/api/error-message';
import { DialogShell } from '@renderer/shared/ui/dialog-shell';
import { FormField } from '@renderer/shared/ui/form-field';
import { notify } from '@renderer/shared/ui/toaster';
import { useCreateInviteLink } from '../api/invite-links';
import { countOf } from '@shared/plural';

/** The create-link modal of SPEC.md §2: maximum guests (unlimited, 1, 3, 5, 10) and an optional expiry day. */
export function CreateLinkDialog({ bookingId }: { bookingId: string }) {
  const [open, setOpen] = useState(false);
  const [maxUses, setMaxUses] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateInviteLink(bookingId);
  const today = todayInParis();

  const reset = () => {
    setMaxUses('');
    setExpiresAt('');
    setError(undefined);
  };

  const submit = async () => {
    // SPEC.md §5: the expiry date may not be in the past.
    if (expiresAt && expiresAt < today) {
      setError(INVITATION_MESSAGES.expiresAtPast);
      return;
    }
    try {
      await create.mutateAsync({ maxUses: maxUses ? Number(maxUses) : null, expiresAt: expiresAt || null });
    } catch (failure) {
      notify.error(failureMessage(failure, { fallback: INVITATION_MESSAGES.createError }));
      return;
    }
    notify.success(INVITATION_MESSAGES.linkCreated);
    setOpen(false);
    reset();
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      trigger={
        <Button colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
          <Link2 aria-hidden />
          Créer un lien d'invitation
        </Button>
      }
      title="Créer un lien d'invitation"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      cancelLabel="Annuler"
      actions={
        <Button type="submit" colorPalette="brand" size="lg" loading={create.isPending} loadingText="Création...">
          Créer le lien
        </Button>
      }
    >
      <Stack gap="5">
        <FormField label="Nombre maximum d'invités">
          <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="lg">
            <NativeSelect.Field
              name="maxUses"
              value={maxUses}
              onChange={(event) => setMaxUses(event.currentTarget.value)}
            >
              <option value="">Illimité</option>
              {INVITE_MAX_USES_CHOICES.map((choice) => (
                <option key={choice} value={String(choice)}>
                  {countOf(choice, 'invité')}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField
          label="Date d'expiration"
          error={error}
          helperText="Facultative : le lien fonctionne jusqu'à la fin de ce jour."
        >
          <Input
            type="date"
            name="expiresAt"
            size="lg"
            min={today}
            value={expiresAt}
            onChange={(event) => {
              setExpiresAt(event.currentTarget.value);
              setError(undefined);
            }}
          />
        </FormField>
      </Stack>
    </DialogShell>
  );
}
