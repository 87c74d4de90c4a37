import {
  Box,
  Button,
  Card,
  Fieldset,
  Flex,
  Heading,
  SimpleGrid,
  Stack,
  Text,
  type SimpleGridProps,
} from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { forwardRef, type ReactNode } from 'react';
import { countOf } from '@shared/plural';

export function participantsLabel(count: number): string {
  return countOf(count, 'participant');
}

/** Each step's own title (h2 under the page's h1); focused when the step changes. */
export const StepHeading = forwardRef<HTMLHeadingElement, { title: string; lead?: string }>(function StepHeading(
  { title, lead },
  ref,
) {
  return (
    <Stack gap="1">
      <Heading
        as="h2"
        id="wizard-step-title"
        ref={ref}
        tabIndex={-1}
        size={{ base: 'xl', md: '2xl' }}
        outline="none"
        scrollMarginTop="24"
      >
        {title}
      </Heading>
      {lead && <Text color="fg.muted">{lead}</Text>}
    </Stack>
  );
});

/** Previous / next buttons: side by side on desktop, stacked full width on a phone, 44 px high. */
export function StepActions({ back, next }: { back: ReactNode; next: ReactNode }) {
  return (
    <Flex
      direction={{ base: 'column-reverse', sm: 'row' }}
      justify="space-between"
      gap="3"
      pt="4"
      borderTopWidth="1px"
      css={{ '& > *': { minHeight: '11' } }}
    >
      {back}
      {next}
    </Flex>
  );
}

/** The 'Précédent' button of steps 2 and 3. */
export function PreviousButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" variant="outline" size="lg" onClick={onClick}>
      <ArrowLeft aria-hidden />
      Précédent
    </Button>
  );
}

/** The summary beside a step's form, sticky on desktop, named by its h3. */
export function SummaryCard({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={titleId} position={{ lg: 'sticky' }} top={{ lg: '24' }} variant="subtle">
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <Heading as="h3" id={titleId} size="md">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
  description?: string;
  icon?: ReactNode;
}

/**
 * A set of toggle buttons (aria-pressed) in a fieldset, for choices that read better as cards
 * than as a list. The legend names the group and the error is tied to it.
 */
export function ChoiceGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
  error,
  required,
  columns,
  testId,
}: {
  legend: string;
  options: readonly ChoiceOption<T>[];
  value: T | '';
  onChange: (value: T) => void;
  error?: string;
  required?: boolean;
  columns?: SimpleGridProps['columns'];
  testId?: string;
}) {
  return (
    <Fieldset.Root invalid={Boolean(error)} data-testid={testId}>
      <Fieldset.Legend fontWeight="semibold" fontSize="md" color="fg" mb="2">
        {legend}
        {required && (
          <Box as="span" color="fg.error" ms="1" aria-hidden>
            *
          </Box>
        )}
      </Fieldset.Legend>
      <SimpleGrid columns={columns ?? { base: 1, sm: 2 }} gap="3">
        {options.map((option) => {
          const selected = option.value === value;
          return (
            <Button
              key={option.value}
              type="button"
              aria-pressed={selected}
              onClick={() => onChange(option.value)}
              variant={selected ? 'subtle' : 'outline'}
              colorPalette={selected ? 'brand' : 'gray'}
              borderWidth="2px"
              borderColor={selected ? 'brand.solid' : error ? 'border.error' : 'border'}
              height="auto"
              minH="11"
              py="3"
              px="4"
              justifyContent="flex-start"
              textAlign="start"
              whiteSpace="normal"
              gap="3"
            >
              {option.icon && (
                <Box color={selected ? 'brand.fg' : 'fg.muted'} flexShrink={0}>
                  {option.icon}
                </Box>
              )}
              <Stack gap="0.5" minW="0" align="flex-start">
                <Text fontWeight="semibold">{option.label}</Text>
                {option.description && (
                  <Text fontSize="sm" fontWeight="normal" color="fg.muted">
                    {option.description}
                  </Text>
                )}
              </Stack>
            </Button>
          );
        })}
      </SimpleGrid>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
