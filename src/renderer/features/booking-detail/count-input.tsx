import { Input, type InputProps } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A number of participants: whole numbers between `min` and `max`, the numeric keyboard on phones. */
export function CountInput({
  registration,
  min,
  max,
  ...rest
}: { registration: UseFormRegisterReturn; min: number; max: number } & Omit<InputProps, 'min' | 'max'>) {
  return <Input {...registration} type="number" inputMode="numeric" min={min} max={max} size="lg" {...rest} />;
}
