import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type FieldErrors, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';
import { NETWORK_PROBLEM_MESSAGE } from '../api/error-message';
import { whenFirstTouched } from './first-touch';
import { notify } from './toaster';

type ZodFormOptions<TSchema extends z.ZodType<FieldValues, FieldValues>> = Omit<
  UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>,
  'resolver'
>;

/**
 * The form, with the field errors that every form shows at hand as `errors`. A getter: reading
 * `formState.errors` subscribes the component to them, so a form that leaves them to a child
 * (`useFormState`) still does not re-render with them.
 */
function withErrors<TForm extends { formState: { errors: object } }>(form: TForm) {
  return {
    ...form,
    get errors(): TForm['formState']['errors'] {
      return form.formState.errors;
    },
  };
}

/**
 * The one form helper (CONVENTIONS.md 9): the zod schema holds the French messages, errors
 * show on submit and clear as soon as the field is edited into a valid value.
 */
export function useZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  options: ZodFormOptions<TSchema> = {},
) {
  return withErrors(
    useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
      mode: 'onSubmit',
      reValidateMode: 'onChange',
      ...options,
      resolver: zodResolver(schema),
    }),
  );
}

/**
 * `useZodForm` for a form of a page that starts without zod (/login, /register, /contact, the booking
 * page's edits): its schema, and zod with it, load at the visitor's first touch, key or focus, not in
 * the page's start-up (docs/decisions.md, performance rules 13 and 24); a check that comes before they are here waits for them, and one they
 * could not be loaded for says 'Problème de connexion réseau' (SPEC.md §8) and sends nothing.
 *   useLazyZodForm(() => import('./auth-forms.schema').then((rules) => rules.loginFormSchema))
 */
export function useLazyZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<TSchema>,
  options: ZodFormOptions<TSchema> = {},
) {
  type Rules = Resolver<z.input<TSchema>, unknown, z.output<TSchema>>;
  const [rules] = useState(() => {
    let loading: Promise<Rules> | undefined;
    const load = () => {
      loading ??= loadSchema().then(
        (schema) => zodResolver(schema) as Rules,
        (error: unknown) => {
          loading = undefined; // a chunk that failed to load is asked for again next time
          throw error;
        },
      );
      return loading;
    };
    const resolver: Rules = async (values, context, resolverOptions) => {
      let rules: Rules;
      try {
        rules = await load();
      } catch {
        // The rules could not be loaded (network, or a tab left open across a new version): the
        // form is not sent, says so, and keeps what was typed; the next try loads them again.
        notify.error(NETWORK_PROBLEM_MESSAGE);
        // A form-level error (react-hook-form's `root`), which any schema's errors may hold.
        const errors = {
          root: { type: 'network', message: NETWORK_PROBLEM_MESSAGE },
        } as FieldErrors<z.input<TSchema>>;
        return { values: {}, errors };
      }
      return rules(values, context, resolverOptions);
    };
    return { load, resolver };
  });
  useEffect(() => whenFirstTouched(() => void rules.load().catch(() => undefined)), [rules]);
  return withErrors(
    useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
      mode: 'onSubmit',
      reValidateMode: 'onChange',
      ...options,
      resolver: rules.resolver,
    }),
  );
}

// Apart, so that a page whose fields need no form library does not load one (docs/decisions.md, performance rule 2).
export { FormField } from './form-field';
