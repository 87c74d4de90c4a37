import { Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { ActivitiesStep } from './activities-step';
import { EventStep } from './event-step';
import { FinalisationStep } from './finalisation-step';
import { StepIndicator, STEPS } from './step-indicator';
import { SuccessScreen } from './success-screen';
import { eventAtom, stepAtom, type WizardStep } from './wizard-draft';
import { validateEvent } from './wizard.schema';

/** The three-step booking wizard at /reservation (SPEC.md §2, §4 'Wizard'). */
export function BookingWizardPage() {
  const storedStep = useAtomValue(stepAtom);
  const event = useAtomValue(eventAtom);
  const [reference, setReference] = useState<string | null>(null);
  // Steps 2 and 3 need a valid event; a stored draft whose date has passed goes back to step 1.
  const checked = validateEvent(event);
  const step: WizardStep = storedStep > 1 && !checked.success ? 1 : storedStep;
  usePageTitle(reference ? 'Demande envoyée' : `Réservation – ${STEPS[step - 1]?.title ?? ''}`);

  // Moving between steps puts the focus (and the view) on the new step's title, so that
  // keyboard and screen reader users start reading where the new content begins.
  const previousStep = useRef(step);
  useEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    document.getElementById('wizard-step-title')?.focus();
  }, [step]);

  if (reference) return <SuccessScreen reference={reference} />;

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <HStack>
          <Button asChild variant="ghost" size="lg" ms="-3">
            <RouterLink to="/">
              <ArrowLeft aria-hidden />
              Retour
            </RouterLink>
          </Button>
        </HStack>
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }}>
            Réservation de groupe
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            Votre demande en trois étapes : notre équipe vous répond sous 24 h avec un devis personnalisé.
          </Text>
        </Stack>
        <StepIndicator current={step} />
        {step === 1 && <EventStep />}
        {step === 2 && checked.success && <ActivitiesStep event={checked.data} />}
        {step === 3 && checked.success && <FinalisationStep event={checked.data} onSubmitted={setReference} />}
      </Stack>
    </Container>
  );
}
