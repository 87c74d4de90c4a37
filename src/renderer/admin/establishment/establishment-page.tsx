import { Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { establishmentUpdateBody, type EstablishmentUpdateBody } from '@shared/api/staff.schema';
import type { EstablishmentInfo } from '@shared/api/establishment.schema';
import { errorMessage } from '@renderer/shared/api/error-message';
import { establishmentInfoQueryOptions } from '@renderer/shared/api/establishment';
import { SubmitButton } from '@renderer/shared/forms/fields';
import { FormField, useZodForm } from '@renderer/shared/ui/form';
import { notify } from '@renderer/shared/ui/toaster';
import { AdminPage, QueryStates } from '../ui/admin-page';
import { useUpdateEstablishment } from './api/update-establishment';
import { ParkSettingsSection } from './park-settings-form';

function defaults(info: EstablishmentInfo): EstablishmentUpdateBody {
  return {
    name: info.name,
    description: info.description,
    address: { ...info.address },
    phone: info.phone,
    email: info.email,
    website: info.website,
  };
}

function EstablishmentForm({ info }: { info: EstablishmentInfo }) {
  const save = useUpdateEstablishment();
  const { register, handleSubmit, errors } = useZodForm(establishmentUpdateBody, { defaultValues: defaults(info) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await save.mutateAsync(values);
      notify.success(message);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Informations de l’établissement">
      <Stack gap="4" maxW="3xl">
        <FormField label="Nom" required error={errors.name?.message}>
          <Input {...register('name')} maxLength={200} autoComplete="organization" />
        </FormField>
        <FormField label="Description" error={errors.description?.message}>
          <Textarea {...register('description')} rows={3} maxLength={2000} />
        </FormField>
        <FormField label="Adresse" required error={errors.address?.street?.message}>
          <Input {...register('address.street')} autoComplete="street-address" />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <FormField label="Code postal" required error={errors.address?.zipCode?.message}>
            <Input {...register('address.zipCode')} autoComplete="postal-code" />
          </FormField>
          <FormField label="Ville" required error={errors.address?.city?.message}>
            <Input {...register('address.city')} autoComplete="address-level2" />
          </FormField>
          <FormField label="Pays" required error={errors.address?.country?.message}>
            <Input {...register('address.country')} autoComplete="country-name" />
          </FormField>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="Téléphone" required error={errors.phone?.message}>
            <Input {...register('phone')} type="tel" autoComplete="tel" />
          </FormField>
          <FormField label="Email" required error={errors.email?.message}>
            <Input {...register('email')} type="email" autoComplete="email" />
          </FormField>
        </SimpleGrid>
        <FormField label="Site internet" error={errors.website?.message}>
          <Input {...register('website')} type="url" autoComplete="url" placeholder="https://" />
        </FormField>
        <SubmitButton icon={<Save aria-hidden />} loading={save.isPending} size="md" inline>
          Enregistrer
        </SubmitButton>
      </Stack>
    </form>
  );
}

/** /admin/etablissement: the park's details (admins); the footer, legal pages and e-mails follow. */
export function EstablishmentPage() {
  // The public call: the form edits what customers see, nothing more.
  const info = useQuery(establishmentInfoQueryOptions());
  return (
    <AdminPage
      title="Établissement"
      lead="Ces informations apparaissent dans le pied de page, les pages légales et les e-mails."
    >
      <QueryStates query={info} loadingLabel="Chargement des informations…">
        {(data) => <EstablishmentForm info={data} />}
      </QueryStates>
      <ParkSettingsSection />
    </AdminPage>
  );
}
