import { Card, Container, Heading, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Send } from 'lucide-react';
import { __iconData as clockIcon } from 'lucide-react/icons/clock';
import { __iconData as mailIcon } from 'lucide-react/icons/mail';
import { __iconData as mapPinIcon } from 'lucide-react/icons/map-pin';
import { __iconData as phoneIcon } from 'lucide-react/icons/phone';
import { PHONE_HOURS } from '@shared/constants';
import { useEstablishmentInfo } from '@renderer/shared/api/establishment';
import { FormField, useLazyZodForm } from '@renderer/shared/ui/form';
import { MapPlaceholder } from '@renderer/shared/ui/map-placeholder';
import { OpeningHoursList, ParkFact, PostalAddress } from '@renderer/shared/ui/park-facts';
import { SubmitButton } from '@renderer/shared/ui/submit-button';
import { notify } from '@renderer/shared/ui/toaster';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import type { ContactForm } from './contact.schema';

const EMPTY: ContactForm = { name: '', email: '', subject: '', message: '' };

/** SPEC.md §2: the form is not sent anywhere; it waits this long, confirms and clears. */
const CONTACT_SEND_DELAY_MS = 1000;

function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    errors,
    formState: { isSubmitting },
  } = useLazyZodForm(() => import('./contact.schema').then((rules) => rules.contactFormSchema), {
    defaultValues: EMPTY,
  });

  // SPEC.md §2: the form is not sent anywhere; it waits 1 second, confirms and clears.
  const onSubmit = handleSubmit(async () => {
    await new Promise((resolve) => setTimeout(resolve, CONTACT_SEND_DELAY_MS));
    notify.success('Message envoyé avec succès!');
    reset(EMPTY);
  });

  return (
    <Card.Root as="section" aria-labelledby="contact-form-title">
      <Card.Body>
        <Heading as="h2" id="contact-form-title" size="xl" mb="6">
          Envoyez-nous un message
        </Heading>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="5">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <FormField label="Nom" required error={errors.name?.message}>
                <Input {...register('name')} autoComplete="name" size="lg" />
              </FormField>
              <FormField label="Email" required error={errors.email?.message}>
                <Input {...register('email')} type="email" autoComplete="email" inputMode="email" size="lg" />
              </FormField>
            </SimpleGrid>
            <FormField label="Sujet" required error={errors.subject?.message}>
              <Input {...register('subject')} size="lg" />
            </FormField>
            <FormField label="Message" required error={errors.message?.message}>
              <Textarea {...register('message')} rows={6} size="lg" />
            </FormField>
            <SubmitButton icon={<Send aria-hidden />} disabled={isSubmitting} inline="md">
              {isSubmitting ? 'Envoi...' : 'Envoyer le message'}
            </SubmitButton>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function ContactDetails() {
  const { info } = useEstablishmentInfo();
  const { address } = info;
  return (
    <Stack gap="6" as="aside" aria-label="Coordonnées du parc">
      <Card.Root variant="subtle">
        <Card.Body gap="5">
          <ParkFact as="h2" icon={mapPinIcon} title="Adresse">
            <Text>
              {info.name}
              <br />
              <PostalAddress address={address} />
            </Text>
          </ParkFact>
          <ParkFact as="h2" icon={phoneIcon} title="Téléphone">
            <Text>{info.phone}</Text>
            <Text fontSize="sm" color="fg.muted">
              {PHONE_HOURS}
            </Text>
          </ParkFact>
          <ParkFact as="h2" icon={mailIcon} title="Email">
            <a href={`mailto:${info.email}`}>{info.email}</a>
            <Text fontSize="sm" color="fg.muted">
              Réponse sous 24 h
            </Text>
          </ParkFact>
          <ParkFact as="h2" icon={clockIcon} title="Horaires d’ouverture">
            <OpeningHoursList />
          </ParkFact>
        </Card.Body>
      </Card.Root>
      <MapPlaceholder city={address.city} minH="48" iconSize={36} />
    </Stack>
  );
}

export function ContactPage() {
  usePageTitle('Contact');
  return (
    <Container maxW="7xl" py={{ base: '8', md: '14' }}>
      <Stack gap="3" mb="10" maxW="3xl">
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
          Contactez-nous
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          Une question sur une activité, un devis ou un événement sur mesure ? Écrivez-nous, nous vous répondons sous 24
          h.
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="8">
        <Stack gridColumn={{ lg: 'span 2' }}>
          <ContactForm />
        </Stack>
        <ContactDetails />
      </SimpleGrid>
    </Container>
  );
}
