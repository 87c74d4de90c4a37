import { Box, Button, Checkbox, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-ui/react/theme';
import { useId, useState, type FormEvent } from 'react';
import { WAIVER_MESSAGES, WAIVER_TEXT, WAIVER_TITLE } from '@shared/waiver';
import { failureMessage, fieldErrors } from '@renderer/shared/api/error-message';
import { FormField } from '@renderer/shared/ui/form-field';

/**
 * The waiver (docs/decisions.md, "Waiver"): its French text, the name typed and the acceptance.
 * `submit` sends it (the participant's own call, or the team's at reception).
 */
export function WaiverForm({
  submit,
  busy,
  compact = false,
}: {
  submit: (body: { fullName: string; accepted: true }) => Promise<unknown>;
  busy: boolean;
  compact?: boolean;
}) {
  const titleId = useId();
  const [fullName, setFullName] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<{ fullName?: string; accepted?: string; form?: string }>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      fullName: fullName.trim() === '' ? WAIVER_MESSAGES.fullNameRequired : undefined,
      accepted: accepted ? undefined : WAIVER_MESSAGES.acceptRequired,
    };
    setErrors(next);
    if (next.fullName || next.accepted) return;
    try {
      await submit({ fullName, accepted: true });
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField.fullName ? { fullName: byField.fullName } : { form: failureMessage(error) });
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={titleId}>
      <Stack gap="3">
        <Heading as="h3" size="sm" id={titleId}>
          {WAIVER_TITLE}
        </Heading>
        <Box as="ol" ps="5" maxH={compact ? '40' : undefined} overflowY="auto" tabIndex={compact ? 0 : undefined}>
          {WAIVER_TEXT.map((paragraph) => (
            <Text as="li" key={paragraph} fontSize="sm" mb="1">
              {paragraph}
            </Text>
          ))}
        </Box>
        <FormField label="Nom complet (prénom et nom)" error={errors.fullName} required>
          <Input value={fullName} onChange={(event) => setFullName(event.target.value)} autoComplete="name" size="lg" />
        </FormField>
        <Checkbox.Root
          recipe={checkboxSlotRecipe}
          checked={accepted}
          onCheckedChange={(change) => setAccepted(change.checked === true)}
          invalid={Boolean(errors.accepted)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>J’ai lu la décharge et je l’accepte</Checkbox.Label>
        </Checkbox.Root>
        {errors.accepted && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {errors.accepted}
          </Text>
        )}
        {errors.form && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {errors.form}
          </Text>
        )}
        <Button type="submit" colorPalette="brand" size="lg" loading={busy} alignSelf="flex-start">
          Signer la décharge
        </Button>
      </Stack>
    </form>
  );
}
