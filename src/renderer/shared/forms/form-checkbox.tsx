import { Checkbox } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * A checkbox bound to a boolean field of a form: Chakra's checkbox is controlled, so it goes
 * through a Controller, and its hidden input takes the field's ref, name and blur.
 * Apart from fields.tsx: the login and register pages load that one, and would load the
 * checkbox's state machine for nothing.
 */
export function FormCheckbox<T extends FieldValues>({
  control,
  name,
  children,
  controlProps,
  labelProps,
  ...root
}: {
  control: Control<T>;
  name: Path<T>;
  children: ReactNode;
  controlProps?: Checkbox.ControlProps;
  labelProps?: Checkbox.LabelProps;
} & Pick<Checkbox.RootProps, 'colorPalette' | 'size' | 'alignItems'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox.Root
          recipe={checkboxSlotRecipe}
          checked={Boolean(field.value)}
          onCheckedChange={(change) => field.onChange(change.checked === true)}
          {...root}
        >
          <Checkbox.HiddenInput ref={field.ref} name={field.name} onBlur={field.onBlur} />
          <Checkbox.Control {...controlProps} />
          <Checkbox.Label {...labelProps}>{children}</Checkbox.Label>
        </Checkbox.Root>
      )}
    />
  );
}
