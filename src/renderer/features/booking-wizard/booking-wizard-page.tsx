import { Button, Center, Container, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import { EventStep } from './event-step';
import { StepIndicator, STEPS } from './step-indicator';
import { eventAtom, stepAtom, type WizardStep } from './wizard-draft';
import { loadEventRules, useEventRules } from './event-rules';
import { whenFirstTouched } from '@renderer/shared/ui/first-touch';

// Steps 2 and 3 and the success screen load when the wizard shows step 1 (docs/decisions.md, performance rule 13): the
// page's first render, step 1, does without their dialogs, forms and account code.
const loadActivitiesStep = () => import('./activities-step');
const loadFinalisationStep = () => import('./finalisation-step');
const loadSuccessScreen = () => import('./success-screen');
const ActivitiesStep = lazy(async () => ({ default: (await loadActivitiesStep()).ActivitiesStep }));
const FinalisationStep = lazy(async () => ({ default: (await loadFinalisationStep()).FinalisationStep }));
const SuccessScreen = lazy(async () => ({ default: (await loadSuccessScreen()).SuccessScreen }));

const focusStepTitle = () => document.getElementById('wizard-step-title')?.focus();

const preloadNextSteps = () => {
  void Promise.all([loadEventRules(), loadActivitiesStep(), loadFinalisationStep(), loadSuccessScreen()]);
};

/**
 * Which step's content is on screen, and which step's title still waits for the focus. A step's
 * content is on screen once its StepTitleFocus has mounted, not when the step changes: the new
 * step may still be loading (React.lazy suspends on its first render even when its chunk is
 * already here), and meanwhile React keeps the previous step's content in the page, hidden, its
 * title included, which then cannot take the focus.
 */
interface StepFocus {
  shown: WizardStep | null;
  pending: WizardStep | null;
}

/** Mounts with its step's content (same Suspense boundary): focuses a title that was waited for. */
function StepTitleFocus({ step, focusRef }: { step: WizardStep; focusRef: RefObject<StepFocus> }) {
  useEffect(() => {
    focusRef.current.shown = step;
    if (focusRef.current.pending !== step) return;
    focusRef.current.pending = null;
    focusStepTitle();
  }, [step, focusRef]);
  return null;
}

function StepFallback() {
  return (
    <Center minH="50vh" role="status" aria-label="Chargement de l’étape">
      <Spinner size="xl" color="brand.solid" />
    </Center>
  );
}

/**
 * The three-step booking wizard at /reservation (SPEC.md §2, §4 'Wizard'). Its state lives in
 * jotai atoms kept in session storage: the store is the page's own, so that jotai loads with
 * this page only (docs/decisions.md, performance rule 2); a new visit reads the draft back from session storage.
 */
export function BookingWizardPage() {
  return (
    <JotaiProvider>
      <BookingWizard />
    </JotaiProvider>
  );
}

function BookingWizard() {
  const storedStep = useAtomValue(stepAtom);
  const event = useAtomValue(eventAtom);
  const [reference, setReference] = useState<string | null>(null);
  // Steps 2 and 3 need a valid event; a stored draft whose date has passed goes back to step 1.
  // Step 1 itself needs no check: its first render goes without the rules (event-rules.ts).
  const rules = useEventRules(storedStep > 1);
  const waitingForRules = storedStep > 1 && !rules;
  const checked = storedStep > 1 ? rules?.validateEvent(event) : undefined;
  const step: WizardStep = storedStep > 1 && !waitingForRules && !checked?.success ? 1 : storedStep;
  usePageTitle(reference ? 'Demande envoyée' : `Réservation – ${STEPS[step - 1]?.title ?? ''}`);

  // Moving between steps puts the focus (and the view) on the new step's title, so that
  // keyboard and screen reader users start reading where the new content begins. A step not yet
  // on screen (still loading) has no title yet: its StepTitleFocus takes the focus there once it
  // shows. (A child's effect runs before this one: a step shown at once is already `shown`.)
  const previousStep = useRef(step);
  const stepFocusRef = useRef<StepFocus>({ shown: null, pending: null });
  useEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    if (stepFocusRef.current.shown === step) {
      stepFocusRef.current.pending = null;
      focusStepTitle();
    } else {
      stepFocusRef.current.pending = step;
    }
  }, [step]);

  useEffect(() => whenFirstTouched(preloadNextSteps), []);

  if (reference)
    return (
      <Suspense fallback={<StepFallback />}>
        <SuccessScreen reference={reference} />
      </Suspense>
    );

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
        {waitingForRules && <StepFallback />}
        <Suspense fallback={<StepFallback />}>
          <StepTitleFocus key={step} step={step} focusRef={stepFocusRef} />
          {step === 2 && checked?.success && <ActivitiesStep event={checked.data} />}
          {step === 3 && checked?.success && <FinalisationStep event={checked.data} onSubmitted={setReference} />}
        </Suspense>
      </Stack>
    </Container>
  );
}
