import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A labelled field with its helper text or its French error (CONVENTIONS.md 9). */
export function FormField({
  label,
  error,
  helperText,
  required,
  children,
}: {
  label: string;
  error?: string;
  helperText?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
