import { Alert, Input, SimpleGrid, type SimpleGridProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type {
  FieldErrors,
  FieldValues,
  Path,
  UseFormRegister,
  UseFormRegisterReturn,
  UseFormWatch,
} from 'react-hook-form';
import { FIELD_MESSAGES } from '@shared/field-messages';
import { FormField } from '../ui/form-field';
import { PasswordInput } from '../ui/password-input';

/**
 * The field groups the customer, invitation and staff forms share. Each takes what
 * `register(...)` returned and the field's message, so one component serves every form's types.
 */

/** The form's failure, above its fields (SPEC.md §8); nothing when there is none. */
export function FormAlert({ message, children }: { message: string | null | undefined; children?: ReactNode }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      {children ? (
        <Alert.Content>
          <Alert.Title>{message}</Alert.Title>
          <Alert.Description>{children}</Alert.Description>
        </Alert.Content>
      ) : (
        <Alert.Title>{message}</Alert.Title>
      )}
    </Alert.Root>
  );
}

/** 'Prénom' and 'Nom', side by side from `sm` up. */
export function NameFields({
  firstName,
  lastName,
  errors,
  columns = { base: 1, sm: 2 },
  gap = '5',
}: {
  firstName: UseFormRegisterReturn;
  lastName: UseFormRegisterReturn;
  errors: { firstName?: { message?: string }; lastName?: { message?: string } };
  columns?: SimpleGridProps['columns'];
  gap?: SimpleGridProps['gap'];
}) {
  return (
    <SimpleGrid columns={columns} gap={gap}>
      <NameField registration={firstName} error={errors.firstName?.message} />
      <NameField registration={lastName} error={errors.lastName?.message} last />
    </SimpleGrid>
  );
}

export function NameField({
  registration,
  error,
  last = false,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  last?: boolean;
}) {
  return (
    <FormField label={last ? 'Nom' : 'Prénom'} required error={error}>
      <Input {...registration} autoComplete={last ? 'family-name' : 'given-name'} size="lg" />
    </FormField>
  );
}

export function EmailField({
  registration,
  error,
  autoComplete = 'email',
  readOnly,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  /** 'username' on the staff pages, where the e-mail is the login. */
  autoComplete?: 'email' | 'username';
  readOnly?: boolean;
}) {
  return (
    <FormField label="Email" required error={error}>
      <Input
        {...registration}
        type="email"
        autoComplete={autoComplete}
        inputMode="email"
        size="lg"
        readOnly={readOnly}
      />
    </FormField>
  );
}

export function PhoneField({
  registration,
  error,
  required = true,
  helperText,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  required?: boolean;
  helperText?: string;
}) {
  return (
    <FormField label="Téléphone" required={required} error={error} helperText={helperText}>
      <Input {...registration} type="tel" autoComplete="tel" inputMode="tel" size="lg" />
    </FormField>
  );
}

export function PasswordField({
  registration,
  error,
  label = 'Mot de passe',
  current = false,
  required = true,
  helperText,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  label?: string;
  /** The password the user already has (login), rather than a new one. */
  current?: boolean;
  required?: boolean;
  helperText?: string;
}) {
  return (
    <FormField label={label} required={required} error={error} helperText={helperText}>
      <PasswordInput {...registration} autoComplete={current ? 'current-password' : 'new-password'} />
    </FormField>
  );
}

/** 'Email' and 'Mot de passe' of every login form. */
export function LoginFields({
  email,
  password,
  errors,
  emailAutoComplete,
}: {
  email: UseFormRegisterReturn;
  password: UseFormRegisterReturn;
  errors: { email?: { message?: string }; password?: { message?: string } };
  emailAutoComplete?: 'email' | 'username';
}) {
  return (
    <>
      <EmailField registration={email} error={errors.email?.message} autoComplete={emailAutoComplete} />
      <PasswordField registration={password} error={errors.password?.message} current />
    </>
  );
}

/**
 * A new password and its confirmation; the mismatch shows as soon as the confirmation differs
 * (before submit), under the confirmation.
 */
export function NewPasswordFields({
  password,
  confirmation,
  values,
  errors,
  required = true,
  passwordHelp = '6 caractères minimum',
  confirmationLabel = 'Confirmation du mot de passe',
}: {
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  /** The two values as typed, for the live mismatch. */
  values: [string | null | undefined, string | null | undefined];
  errors: { password?: string; confirmation?: string };
  required?: boolean;
  passwordHelp?: string;
  confirmationLabel?: string;
}) {
  const [typed, confirmed] = values;
  const liveMismatch = confirmed ? typed !== confirmed : false;
  return (
    <>
      <PasswordField registration={password} error={errors.password} required={required} helperText={passwordHelp} />
      <PasswordField
        registration={confirmation}
        label={confirmationLabel}
        required={required}
        error={errors.confirmation ?? (liveMismatch ? FIELD_MESSAGES.passwordsMismatch : undefined)}
      />
    </>
  );
}

type PasswordPair = { password?: string | null; confirmPassword?: string | null };

/** `NewPasswordFields`' fields, values and messages, from a form whose fields are `password` and `confirmPassword`. */
export function passwordPair<T extends FieldValues & PasswordPair>(
  register: UseFormRegister<T>,
  watch: UseFormWatch<T>,
  errors: FieldErrors<PasswordPair>,
) {
  const password = 'password' as Path<T>;
  const confirmation = 'confirmPassword' as Path<T>;
  return {
    password: register(password),
    confirmation: register(confirmation),
    values: [watch(password), watch(confirmation)] as [string | null | undefined, string | null | undefined],
    errors: { password: errors.password?.message, confirmation: errors.confirmPassword?.message },
  };
}

// Apart, so that a form that needs none of the fields above does not load them (the contact page; docs/decisions.md, performance rule 2).
export { SubmitButton } from '../ui/submit-button';
