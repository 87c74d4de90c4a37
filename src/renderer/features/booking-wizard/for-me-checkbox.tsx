import { Checkbox, Field } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-ui/react/theme';

/**
 * Step 1's "Pour moi" box (birthdays only). Its own chunk: Chakra's Checkbox brings a state
 * machine the wizard's first render does without (docs/decisions.md, performance rule 13); event-step.tsx loads it as soon as
 * step 1 shows, so it is there before anyone picks "Anniversaire".
 */
export function ForMeCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Field.Root>
      <Checkbox.Root
        recipe={checkboxSlotRecipe}
        checked={checked}
        onCheckedChange={(change) => onChange(change.checked === true)}
        colorPalette="brand"
        size="lg"
        minH="11"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Pour moi</Checkbox.Label>
      </Checkbox.Root>
      <Field.HelperText>Laissez décoché si vous organisez l'anniversaire d'un proche.</Field.HelperText>
    </Field.Root>
  );
}
