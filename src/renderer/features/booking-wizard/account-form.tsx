import {
  Button,
  Field,
  Fieldset,
  Heading,
  Input,
  Link,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme';
import { Send } from 'lucide-react';
import { useSetAtom } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { useFormState, type Control, type FieldValues, type Path, type UseFormRegisterReturn } from 'react-hook-form';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { FormField, useZodForm } from '@renderer/shared/ui/form';
import { FormCheckbox } from '@renderer/shared/forms/form-checkbox';
import { EmailField, NameField, NewPasswordFields, passwordPair, PhoneField } from '@renderer/shared/forms/fields';
import { accountAtom, type AccountDraft, type CustomerType } from './wizard-draft';
import {
  accountFormSchema,
  connectedFormSchema,
  type AccountForm,
  type AccountFormInput,
  type ConnectedForm,
} from './wizard.schema';
import { ChoiceGroup } from './wizard-ui';

const CUSTOMER_TYPE_OPTIONS = [
  { value: 'individual', label: 'Particulier' },
  { value: 'company', label: 'Entreprise' },
] as const satisfies readonly { value: CustomerType; label: string }[];

/** The terms checkbox with its two links (SPEC.md §2: /conditions and /privacy). */
function TermsCheckbox<T extends FieldValues & { acceptTerms: boolean }>({
  control,
  error,
}: {
  control: Control<T>;
  error?: string;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required>
      <FormCheckbox
        control={control}
        name={'acceptTerms' as Path<T>}
        colorPalette="brand"
        size="lg"
        alignItems="flex-start"
        controlProps={{ mt: '0.5' }}
        labelProps={{ fontWeight: 'normal' }}
      >
        J'accepte les{' '}
        <Link asChild color="brand.fg" textDecoration="underline" display="inline">
          <RouterLink to="/conditions">conditions d'utilisation</RouterLink>
        </Link>{' '}
        et la{' '}
        <Link asChild color="brand.fg" textDecoration="underline" display="inline">
          <RouterLink to="/privacy">politique de confidentialité</RouterLink>
        </Link>
      </FormCheckbox>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** What ends both forms of step 3: the remarks, the terms, then 'Précédent' and the submit button. */
function RequestEnd<T extends FieldValues & { notes: string; acceptTerms: boolean }>({
  notes,
  control,
  submitting,
  footer,
}: {
  notes: UseFormRegisterReturn;
  control: Control<T>;
} & Pick<StepFormProps<unknown>, 'submitting' | 'footer'>) {
  const { errors } = useFormState({ control });
  return (
    <>
      <FormField
        label="Remarques ou demandes particulières"
        error={errors.notes?.message as string | undefined}
        helperText="Facultatif : horaires souhaités, régimes alimentaires, surprise à préparer…"
      >
        <Textarea {...notes} rows={4} size="lg" />
      </FormField>
      <TermsCheckbox control={control} error={errors.acceptTerms?.message as string | undefined} />
      {footer(<SubmitButton loading={submitting} />)}
    </>
  );
}

function SubmitButton({ loading }: { loading: boolean }) {
  return (
    <Button type="submit" colorPalette="brand" size="lg" loading={loading} loadingText="Envoi en cours...">
      <Send aria-hidden />
      Envoyer ma demande
    </Button>
  );
}

/** What of the form goes to session storage: everything but the passwords. */
function toDraft(values: Partial<AccountFormInput>, current: AccountDraft): AccountDraft {
  return {
    customerType: values.customerType ?? current.customerType,
    title: values.title ?? current.title,
    firstName: values.firstName ?? current.firstName,
    lastName: values.lastName ?? current.lastName,
    email: values.email ?? current.email,
    phone: values.phone ?? current.phone,
    address: { ...current.address, ...values.address },
    notes: values.notes ?? current.notes,
    acceptTerms: values.acceptTerms ?? current.acceptTerms,
  };
}

type StepFormProps<Form> = {
  draft: AccountDraft;
  submitting: boolean;
  onSubmit: (form: Form) => void | Promise<void>;
  /** The 'Précédent' button, placed beside the submit button. */
  footer: (submit: ReactNode) => ReactNode;
};

/** Keeps the draft in step with what is typed, so that the step survives a reload (passwords aside). */
function useSaveDraft(watch: (observer: (values: Partial<AccountFormInput>) => void) => { unsubscribe: () => void }) {
  const setAccount = useSetAtom(accountAtom);
  useEffect(() => {
    const subscription = watch((values) => setAccount((current) => toDraft(values, current)));
    return () => subscription.unsubscribe();
  }, [watch, setAccount]);
}

/** Step 3 for a visitor: the account form of SPEC.md §3 and §5. */
export function AccountFormView({ draft, submitting, onSubmit, footer }: StepFormProps<AccountForm>) {
  const {
    register,
    handleSubmit,
    control,
    setValue,
    watch,
    errors,
    formState: { isSubmitted },
  } = useZodForm(accountFormSchema, { defaultValues: { ...draft, password: '', confirmPassword: '' } });

  useSaveDraft(watch);

  const customerType = watch('customerType');
  const company = customerType === 'company';

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="wizard-account-title">
      <Stack gap="6">
        <Heading as="h3" id="wizard-account-title" size="lg">
          Vos coordonnées
        </Heading>
        <Text color="fg.muted" mt="-4">
          Votre compte client est créé avec votre demande : il vous permet de la suivre et d'inviter vos participants.
        </Text>
        <ChoiceGroup
          legend="Vous êtes"
          options={CUSTOMER_TYPE_OPTIONS}
          value={customerType}
          onChange={(value) => setValue('customerType', value, { shouldValidate: isSubmitted })}
        />
        <SimpleGrid columns={{ base: 1, sm: company ? 2 : 3 }} gap="5" alignItems="start">
          <FormField label={company ? 'Civilité du contact' : 'Civilité'} required error={errors.title?.message}>
            <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="lg">
              <NativeSelect.Field {...register('title')} autoComplete="honorific-prefix">
                <option value="">Choisir…</option>
                <option value="M">M.</option>
                <option value="Mme">Mme</option>
                <option value="Mlle">Mlle</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={company ? "Nom de l'entreprise" : 'Prénom'} required error={errors.firstName?.message}>
            <Input {...register('firstName')} autoComplete={company ? 'organization' : 'given-name'} size="lg" />
          </FormField>
          {!company && <NameField registration={register('lastName')} error={errors.lastName?.message} last />}
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5" alignItems="start">
          <EmailField registration={register('email')} error={errors.email?.message} />
          <PhoneField registration={register('phone')} error={errors.phone?.message} />
          <NewPasswordFields {...passwordPair(register, watch, errors)} />
        </SimpleGrid>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold" fontSize="md" color="fg" mb="2">
            Adresse (facultatif)
          </Fieldset.Legend>
          <Stack gap="5">
            <FormField label="Rue" error={errors.address?.street?.message}>
              <Input {...register('address.street')} autoComplete="street-address" size="lg" />
            </FormField>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
              <FormField label="Code postal" error={errors.address?.postalCode?.message}>
                <Input {...register('address.postalCode')} autoComplete="postal-code" inputMode="numeric" size="lg" />
              </FormField>
              <FormField label="Ville" error={errors.address?.city?.message}>
                <Input {...register('address.city')} autoComplete="address-level2" size="lg" />
              </FormField>
            </SimpleGrid>
          </Stack>
        </Fieldset.Root>
        <RequestEnd notes={register('notes')} control={control} submitting={submitting} footer={footer} />
      </Stack>
    </form>
  );
}

/** Step 3 for a logged-in customer: only the remarks and the terms. */
export function ConnectedFormView({ draft, submitting, onSubmit, footer }: StepFormProps<ConnectedForm>) {
  const { register, handleSubmit, control, watch } = useZodForm(connectedFormSchema, {
    defaultValues: { notes: draft.notes, acceptTerms: draft.acceptTerms },
  });

  useSaveDraft(watch);

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="wizard-notes-title">
      <Stack gap="6">
        <Heading as="h3" id="wizard-notes-title" size="lg">
          Votre demande
        </Heading>
        <RequestEnd notes={register('notes')} control={control} submitting={submitting} footer={footer} />
      </Stack>
    </form>
  );
}
