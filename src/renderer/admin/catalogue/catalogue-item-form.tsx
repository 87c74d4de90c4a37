import { Button, Field, Flex, IconButton, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Plus, Save, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { catalogueItemBody, type CatalogueItemBody, type StaffCatalogueItem } from '@shared/api/staff.schema';
import { CATALOGUE_CATEGORIES, CATEGORY_LABELS, PRICING_TYPES, WEEKDAY_LABELS, WEEKDAYS } from '@shared/labels';
import { SubmitButton } from '@renderer/shared/forms/fields';
import { FormCheckbox } from '@renderer/shared/forms/form-checkbox';
import { LabelledSelect } from '@renderer/shared/forms/labelled-select';
import { FormField, useZodForm } from '@renderer/shared/ui/form';

type FormInput = CatalogueItemBody;

const PRICING_TYPE_LABELS: Record<(typeof PRICING_TYPES)[number], string> = {
  per_person: 'Par personne',
  flat: 'Forfait',
};

/** Number inputs: '' is "not set" (null), a French comma is a decimal point. */
const asNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(String(value).replace(',', '.'));
const asPrice = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(String(value).replace(',', '.'));

export function catalogueDefaults(item: StaffCatalogueItem | null): FormInput {
  return {
    name: item?.name ?? '',
    category: item?.category ?? 'aventure',
    description: item?.description ?? '',
    pricing: { basePrice: item?.pricing.basePrice ?? 0, pricingType: item?.pricing.pricingType ?? 'per_person' },
    duration: item?.availability.duration ?? null,
    isActive: item?.isActive ?? true,
    isFeatured: item?.isFeatured ?? false,
    timeSlots: (item?.timeSlots ?? []).map(({ day, startTime, endTime, isActive, capacity }) => ({
      day,
      startTime,
      endTime,
      isActive,
      capacity,
    })),
  };
}

/** Create or edit an activity or a service: the server's own schema (catalogueItemBody) checks it first. */
export function CatalogueItemForm({
  item,
  busy,
  onSubmit,
}: {
  item: StaffCatalogueItem | null;
  busy: boolean;
  onSubmit: (body: CatalogueItemBody) => void;
}) {
  const { register, control, handleSubmit, errors } = useZodForm(catalogueItemBody, {
    defaultValues: catalogueDefaults(item),
  });
  const slots = useFieldArray({ control, name: 'timeSlots' });
  const slotsError = errors.timeSlots?.root?.message ?? errors.timeSlots?.message;

  return (
    <form onSubmit={handleSubmit((values) => onSubmit(values))} noValidate aria-label="Élément du catalogue">
      <Stack gap="4">
        <FormField label="Nom" required error={errors.name?.message}>
          <Input {...register('name')} maxLength={200} />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="Catégorie" required error={errors.category?.message}>
            <LabelledSelect
              registration={register('category')}
              values={CATALOGUE_CATEGORIES}
              labels={CATEGORY_LABELS}
            />
          </FormField>
          <FormField label="Durée (minutes)" error={errors.duration?.message}>
            <Input {...register('duration', { setValueAs: asNumber })} inputMode="numeric" />
          </FormField>
          <FormField label="Prix (€)" required error={errors.pricing?.basePrice?.message}>
            <Input {...register('pricing.basePrice', { setValueAs: asPrice })} inputMode="decimal" />
          </FormField>
          <FormField label="Tarification" required error={errors.pricing?.pricingType?.message}>
            <LabelledSelect
              registration={register('pricing.pricingType')}
              values={PRICING_TYPES}
              labels={PRICING_TYPE_LABELS}
            />
          </FormField>
        </SimpleGrid>
        <FormField label="Description" error={errors.description?.message}>
          <Textarea {...register('description')} rows={3} maxLength={5000} />
        </FormField>
        <Flex gap="6" wrap="wrap">
          <FormCheckbox control={control} name="isActive">
            Actif (visible des clients)
          </FormCheckbox>
          <FormCheckbox control={control} name="isFeatured">
            Mis en avant sur l’accueil
          </FormCheckbox>
        </Flex>
        <Stack gap="2" as="fieldset">
          <Text as="legend" fontWeight="semibold" mb="2">
            Créneaux hebdomadaires
          </Text>
          {slots.fields.length === 0 && (
            <Text fontSize="sm" color="fg.muted">
              Aucun créneau : l’activité se réserve sans horaire.
            </Text>
          )}
          {slots.fields.map((slot, index) => {
            const slotErrors = errors.timeSlots?.[index];
            const label = `Créneau ${index + 1}`;
            return (
              <Flex
                key={slot.id}
                gap="2"
                align="flex-end"
                wrap="wrap"
                borderWidth="1px"
                rounded="md"
                p="2"
                role="group"
                aria-label={label}
              >
                <Field.Root w={{ base: 'full', sm: '36' }}>
                  <Field.Label fontSize="xs">Jour</Field.Label>
                  <LabelledSelect
                    registration={register(`timeSlots.${index}.day`)}
                    values={WEEKDAYS}
                    labels={WEEKDAY_LABELS}
                    size="sm"
                  />
                </Field.Root>
                <Field.Root w="32" invalid={Boolean(slotErrors?.startTime)}>
                  <Field.Label fontSize="xs">Début</Field.Label>
                  <Input size="sm" type="time" {...register(`timeSlots.${index}.startTime`)} />
                  <Field.ErrorText>{slotErrors?.startTime?.message}</Field.ErrorText>
                </Field.Root>
                <Field.Root w="32" invalid={Boolean(slotErrors?.endTime)}>
                  <Field.Label fontSize="xs">Fin</Field.Label>
                  <Input size="sm" type="time" {...register(`timeSlots.${index}.endTime`)} />
                  <Field.ErrorText>{slotErrors?.endTime?.message}</Field.ErrorText>
                </Field.Root>
                <Field.Root w="28" invalid={Boolean(slotErrors?.capacity)}>
                  <Field.Label fontSize="xs">Capacité</Field.Label>
                  <Input
                    size="sm"
                    inputMode="numeric"
                    placeholder="illimitée"
                    {...register(`timeSlots.${index}.capacity`, { setValueAs: asNumber })}
                  />
                  <Field.ErrorText>{slotErrors?.capacity?.message}</Field.ErrorText>
                </Field.Root>
                <FormCheckbox control={control} name={`timeSlots.${index}.isActive`}>
                  Ouvert
                </FormCheckbox>
                <IconButton
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={`Supprimer le ${label.toLowerCase()}`}
                  onClick={() => slots.remove(index)}
                >
                  <Trash2 aria-hidden />
                </IconButton>
              </Flex>
            );
          })}
          {slotsError && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {slotsError}
            </Text>
          )}
          <Button
            size="sm"
            variant="outline"
            alignSelf="flex-start"
            onClick={() =>
              slots.append({ day: 'saturday', startTime: '10:00', endTime: '12:00', isActive: true, capacity: null })
            }
          >
            <Plus aria-hidden />
            Ajouter un créneau
          </Button>
        </Stack>
        <SubmitButton icon={<Save aria-hidden />} loading={busy} size="md" inline>
          Enregistrer
        </SubmitButton>
      </Stack>
    </form>
  );
}
