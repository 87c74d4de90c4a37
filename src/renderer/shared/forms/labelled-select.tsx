import { NativeSelect } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A native select of fixed values, each shown by its French label; `placeholder` first when given.
 * Back-office forms only, so apart from fields.tsx: the login and register pages load that one,
 * and would load the select and its recipe for nothing.
 */
export function LabelledSelect<T extends string>({
  registration,
  values,
  labels,
  placeholder,
  size,
}: {
  registration: UseFormRegisterReturn;
  values: readonly T[];
  labels: Record<T, string>;
  placeholder?: string;
  size?: 'sm';
}) {
  return (
    <NativeSelect.Root recipe={nativeSelectSlotRecipe} size={size}>
      <NativeSelect.Field {...registration}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {values.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
