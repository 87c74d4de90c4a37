import { Heading, Input, Stack } from '@chakra-ui/react';
import { Save } from 'lucide-react';
import { parkSettingsBody, type ParkSettings } from '@shared/api/staff.schema';
import { errorMessage } from '@renderer/shared/api/error-message';
import { SubmitButton } from '@renderer/shared/forms/fields';
import { FormField, useZodForm } from '@renderer/shared/ui/form';
import { notify } from '@renderer/shared/ui/toaster';
import { QueryStates } from '../ui/admin-page';
import { useParkSettings, useUpdateParkSettings } from './api/park-settings';

function SettingsForm({ settings }: { settings: ParkSettings }) {
  const save = useUpdateParkSettings();
  const { register, handleSubmit, errors } = useZodForm(parkSettingsBody, { defaultValues: settings });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await save.mutateAsync(values);
      notify.success(message);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Réglages du parc">
      <Stack gap="4" maxW="3xl">
        <FormField
          label="Plafond de la caution par carte (€)"
          required
          error={errors.cardDepositMaxEuros?.message}
          helperText="Une caution par carte peut dépasser le total du devis, jusqu’à ce montant"
        >
          <Input
            {...register('cardDepositMaxEuros', { valueAsNumber: true })}
            type="number"
            inputMode="numeric"
            min={1}
            max={100000}
            step={1}
            autoComplete="off"
          />
        </FormField>
        <SubmitButton icon={<Save aria-hidden />} loading={save.isPending} size="md" inline>
          Enregistrer les réglages
        </SubmitButton>
      </Stack>
    </form>
  );
}

/** The park's settings (docs/decisions.md, "Card deposit ceiling"), below its details. */
export function ParkSettingsSection() {
  const settings = useParkSettings();
  return (
    <Stack as="section" gap="4" borderTopWidth="1px" pt="6" aria-labelledby="park-settings-title">
      <Heading as="h2" size="md" id="park-settings-title">
        Réglages du parc
      </Heading>
      <QueryStates query={settings} loadingLabel="Chargement des réglages…">
        {(data) => <SettingsForm settings={data} />}
      </QueryStates>
    </Stack>
  );
}
