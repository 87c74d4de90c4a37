import { Box, Circle, HStack, List, Stack, Text } from '@chakra-ui/react';
import { Check, ClipboardCheck } from 'lucide-react';
import { __iconData as partyPopperIcon } from 'lucide-react/icons/party-popper';
import { __iconData as treesIcon } from 'lucide-react/icons/trees';
import { LineIcon } from '@renderer/shared/ui/line-icon';
import type { ReactNode } from 'react';
import type { WizardStep } from './wizard-draft';

export const STEPS: { step: WizardStep; title: string; icon: ReactNode }[] = [
  { step: 1, title: 'Votre événement', icon: <LineIcon icon={partyPopperIcon} aria-hidden size={20} /> },
  { step: 2, title: 'Activités & Services', icon: <LineIcon icon={treesIcon} aria-hidden size={20} /> },
  { step: 3, title: 'Finalisation', icon: <ClipboardCheck aria-hidden size={20} /> },
];

/**
 * The mobile bar: the look of Chakra's Progress (outline, size sm, rounded) written as style
 * props, with the progressbar role and values Chakra's Progress would give. Not the Progress
 * component itself: its state machine (with Checkbox's, 12 KiB gzip) would load with the wizard's
 * first render, nor its recipe (0.9 KiB; docs/decisions.md, performance rule 13).
 */
function StepBar({ current }: { current: WizardStep }) {
  const percent = Math.round((current / 3) * 100);
  return (
    <Box
      position="relative"
      overflow="hidden"
      h="2"
      borderRadius="l1"
      bg="bg.muted"
      shadow="inset"
      role="progressbar"
      aria-label={`Étape ${current} sur 3`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <Box
        h="100%"
        bg="brand.solid"
        transitionProperty="width"
        transitionDuration="slow"
        style={{ width: `${percent}%` }}
      />
    </Box>
  );
}

/** SPEC.md §2: icons with their labels on desktop, an 'Étape n sur 3' bar on mobile. */
export function StepIndicator({ current }: { current: WizardStep }) {
  return (
    <Box as="nav" aria-label="Étapes de la réservation">
      <List.Root as="ol" listStyle="none" display="flex" flexDirection="row" alignItems="center" gap="3" hideBelow="md">
        {STEPS.map(({ step, title, icon }) => {
          const done = step < current;
          const active = step === current;
          return (
            <List.Item
              key={step}
              aria-current={active ? 'step' : undefined}
              display="flex"
              alignItems="center"
              gap="3"
              flex={step > 1 ? '1' : undefined}
            >
              {step > 1 && <Box flex="1" minW="6" h="0.5" bg={done || active ? 'brand.solid' : 'border'} aria-hidden />}
              <Circle
                size="10"
                flexShrink={0}
                bg={done || active ? 'brand.solid' : 'bg.muted'}
                color={done || active ? 'brand.contrast' : 'fg.muted'}
              >
                {done ? <Check aria-hidden size={20} /> : icon}
              </Circle>
              <Text fontWeight={active ? 'bold' : 'medium'} color={active ? 'fg' : 'fg.muted'} whiteSpace="nowrap">
                <Box as="span" srOnly>
                  {`Étape ${step} : `}
                </Box>
                {title}
                {done && (
                  <Box as="span" srOnly>
                    {' (terminée)'}
                  </Box>
                )}
              </Text>
            </List.Item>
          );
        })}
      </List.Root>
      <Stack gap="2" hideFrom="md">
        <HStack justify="space-between" gap="2">
          <Text fontWeight="semibold">{`Étape ${current} sur 3`}</Text>
          <Text color="fg.muted" fontSize="sm">
            {STEPS[current - 1]?.title}
          </Text>
        </HStack>
        <StepBar current={current} />
      </Stack>
    </Box>
  );
}
