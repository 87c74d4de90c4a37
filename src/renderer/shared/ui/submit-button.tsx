import { Button, type ButtonProps } from '@chakra-ui/react';

/** The submit button of a customer form: large, full width on phones, its own width from md up. */
export function SubmitButton(props: Omit<ButtonProps, 'type'>) {
  return (
    <Button type="submit" colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', md: 'flex-start' }} {...props} />
  );
}
