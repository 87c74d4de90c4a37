import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { OptOutLine } from '@shared/api/opt-outs.schema';
import { OPT_OUT_LABELS } from '@shared/group-labels';
import { failureMessage } from '@renderer/shared/api/error-message';
import { formatEuros } from '@renderer/shared/format/numbers';
import { notify } from '@renderer/shared/ui/toaster';
import { useChangeOptOut, useOptOuts } from './api/opt-outs';

const control = { width: '1.25rem', height: '1.25rem', accentColor: 'var(--chakra-colors-brand-solid)' } as const;

/**
 * Optional per-person activities on the booking page (docs/decisions.md, "Group shares"): the
 * organizer's « Facultative » switch per per-person line, and each payer's « Je participe » /
 * « Je ne participe pas » per optional line, with what it changes to their share.
 */
export function OptionalActivities({ bookingId }: { bookingId: string }) {
  const query = useOptOuts(bookingId);
  const change = useChangeOptOut(bookingId);
  const view = query.data;
  if (!view) return null;
  const shown = view.lines.filter((line) => (view.canManage ? line.eligible : line.optional));
  if (shown.length === 0 || (!view.canManage && !view.me)) return null;

  const run = (values: Parameters<typeof change.mutate>[0]) =>
    change.mutate(values, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(failureMessage(error, { fallback: 'Votre choix n’a pas pu être enregistré' })),
    });
  const disabled = !view.open || change.isPending;

  const choice = (line: OptOutLine) => {
    if (!line.optional || !view.me) return null;
    const me = view.me;
    const out = line.optedOut.includes(me);
    const price = formatEuros(line.perPersonPrice ?? 0);
    return (
      <Box as="fieldset" border="none" p="0" m="0" minW="0">
        <Text as="legend" fontSize="sm" color="fg.muted">
          {out ? `Votre part est réduite de ${price}` : `Cette activité compte ${price} dans votre part`}
        </Text>
        <Flex gap="4" wrap="wrap">
          {[
            { label: OPT_OUT_LABELS.takes, optedOut: false },
            { label: OPT_OUT_LABELS.skips, optedOut: true },
          ].map((option) => (
            <Flex key={option.label} as="label" align="center" gap="2" minH="44px" cursor="pointer">
              <input
                type="radio"
                name={`opt-out-${line.lineId}`}
                checked={out === option.optedOut}
                disabled={disabled}
                onChange={() =>
                  run({ kind: 'optOut', lineId: line.lineId, participantId: me, optedOut: option.optedOut })
                }
                aria-label={`${option.label} : ${line.name}`}
                style={control}
              />
              <Text as="span">{option.label}</Text>
            </Flex>
          ))}
        </Flex>
      </Box>
    );
  };

  return (
    <Stack gap="3" mt="4" data-testid="optional-activities">
      <Text fontWeight="semibold">Activités facultatives</Text>
      {shown.map((line) => (
        <Stack key={line.lineId} gap="1" borderWidth="1px" borderRadius="md" p="3">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Text>
              {line.name} · {formatEuros(line.perPersonPrice ?? 0)} par personne
            </Text>
            {view.canManage && (
              <Flex as="label" align="center" gap="2" minH="44px" cursor="pointer">
                <input
                  type="checkbox"
                  role="switch"
                  checked={line.optional}
                  disabled={disabled}
                  onChange={(event) => run({ kind: 'optional', lineId: line.lineId, optional: event.target.checked })}
                  aria-label={`${OPT_OUT_LABELS.optional} : ${line.name}`}
                  style={control}
                />
                <Text as="span">{OPT_OUT_LABELS.optional}</Text>
              </Flex>
            )}
          </Flex>
          {choice(line)}
        </Stack>
      ))}
    </Stack>
  );
}
