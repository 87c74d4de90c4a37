import { Badge, Box, Button, Card, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { __iconData as calendarCheckIcon } from 'lucide-react/icons/calendar-check';
import { __iconData as clockIcon } from 'lucide-react/icons/clock';
import { __iconData as mapPinIcon } from 'lucide-react/icons/map-pin';
import { __iconData as mountainIcon } from 'lucide-react/icons/mountain';
import { __iconData as partyPopperIcon } from 'lucide-react/icons/party-popper';
import { __iconData as usersIcon } from 'lucide-react/icons/users';
import { LineIcon } from '@renderer/shared/ui/line-icon';
import { Suspense, type ReactNode } from 'react';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { EVENT_HOURS } from '@shared/constants';
import { FEATURED_ACTIVITIES_FALLBACK } from '@shared/featured-activities';
import { CataloguePicture } from '@renderer/shared/ui/catalogue-picture';
import { mediaUrl } from '@renderer/shared/api/media-url';
import { useEstablishmentInfo } from '@renderer/shared/api/establishment';
import { formatDuration, formatEuros } from '@renderer/shared/format/numbers';
import { MapPlaceholder } from '@renderer/shared/ui/map-placeholder';
import { OpeningHoursList, ParkFact, PostalAddress } from '@renderer/shared/ui/park-facts';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import { type FeaturedActivity, useFeaturedActivities } from './featured-activities';

function Hero({ name }: { name: string }) {
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      bgGradient="to-br"
      gradientFrom="brand.800"
      gradientTo="brand.600"
      color="white"
      py={{ base: '14', md: '24' }}
    >
      <Container maxW="7xl">
        <Stack gap="6" maxW="3xl">
          <Text fontWeight="semibold" color="brand.100" data-testid="hero-establishment">
            {name}
          </Text>
          <Heading as="h1" id="hero-title" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
            Vos événements de groupe en pleine nature
          </Heading>
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="brand.50">
            Enterrements de vie de garçon ou de jeune fille, anniversaires, sorties de club et séminaires d’entreprise :
            composez votre journée d’activités, notre équipe vous répond sous 24 h avec un devis personnalisé.
          </Text>
          <HStack gap="3" flexWrap="wrap">
            <Button asChild size="xl" colorPalette="accent">
              <RouterLink to="/reservation">Réserver un événement</RouterLink>
            </Button>
            <Button
              asChild
              size="xl"
              variant="outline"
              color="white"
              borderColor="whiteAlpha.700"
              _hover={{ bg: 'whiteAlpha.200' }}
            >
              <RouterLink to="/contact">Nous contacter</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}

const REASONS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <LineIcon icon={mountainIcon} aria-hidden size={28} />,
    title: 'Des activités pour tous',
    text: 'Parcours aventure, paintball, VTT, tir à l’arc, canoë… plus de huit activités encadrées par des moniteurs diplômés.',
  },
  {
    icon: <LineIcon icon={usersIcon} aria-hidden size={28} />,
    title: 'En famille ou entre amis',
    text: 'De 1 à 100 participants, des enfants aux grands-parents : chacun trouve son rythme dans la forêt landaise.',
  },
  {
    icon: <LineIcon icon={calendarCheckIcon} aria-hidden size={28} />,
    title: 'Réservation facile',
    text: 'Votre demande en trois étapes, invitez vos amis par un simple lien et échangez avec notre équipe en ligne.',
  },
];

function WhyChooseUs() {
  return (
    <Container as="section" aria-labelledby="why-title" maxW="7xl" py={{ base: '12', md: '20' }}>
      <Heading as="h2" id="why-title" size="3xl" textAlign="center" mb="10">
        Pourquoi nous choisir ?
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {REASONS.map((reason) => (
          <Card.Root key={reason.title} variant="subtle">
            <Card.Body gap="3">
              <Box color="brand.fg">{reason.icon}</Box>
              <Heading as="h3" size="lg">
                {reason.title}
              </Heading>
              <Text color="fg.muted">{reason.text}</Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Container>
  );
}

function FeaturedActivities() {
  const { data } = useFeaturedActivities();
  // None marked (or the catalogue unreachable): SPEC.md §2's three, as shipped.
  const featured: FeaturedActivity[] =
    data && data.length > 0 ? data : FEATURED_ACTIVITIES_FALLBACK.map((item) => ({ ...item }));
  return (
    <Box as="section" aria-labelledby="featured-title" bg="bg.subtle" py={{ base: '12', md: '20' }}>
      <Container maxW="7xl">
        <Heading as="h2" id="featured-title" size="3xl" textAlign="center" mb="3">
          Nos activités phares
        </Heading>
        <Text textAlign="center" color="fg.muted" mb="10">
          Tarifs indicatifs par personne : votre devis personnalisé tient compte de votre groupe.
        </Text>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {featured.map((activity) => (
            <Card.Root key={activity.name} overflow="hidden" data-testid="featured-activity">
              <CataloguePicture src={mediaUrl(activity.image)} category={activity.category} width="full" />
              <Card.Body gap="3">
                <Heading as="h3" size="lg">
                  {activity.name}
                </Heading>
                <Text color="fg.muted" lineClamp={3}>
                  {activity.description}
                </Text>
                <HStack justify="space-between" mt="auto" pt="2">
                  <Text fontWeight="bold" fontSize="xl" color="brand.fg">
                    {formatEuros(activity.basePrice)}
                  </Text>
                  {activity.duration !== null && (
                    <Badge colorPalette="gray" size="lg">
                      <LineIcon icon={clockIcon} aria-hidden size={14} />
                      {formatDuration(activity.duration)}
                    </Badge>
                  )}
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function CallToAction() {
  return (
    <Container as="section" aria-labelledby="cta-title" maxW="7xl" py={{ base: '12', md: '16' }}>
      <Stack
        direction={{ base: 'column', md: 'row' }}
        align={{ base: 'flex-start', md: 'center' }}
        justify="space-between"
        gap="6"
        bg="accent.subtle"
        rounded="2xl"
        p={{ base: '6', md: '10' }}
      >
        <Stack gap="2">
          <Heading as="h2" id="cta-title" size="2xl" display="flex" gap="3" alignItems="center">
            <LineIcon icon={partyPopperIcon} aria-hidden /> Prêts pour l’aventure ?
          </Heading>
          <Text color="fg.muted">Composez votre programme en quelques minutes, sans engagement.</Text>
        </Stack>
        <Button asChild size="xl" colorPalette="brand">
          <RouterLink to="/reservation">Demander un devis</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}

function PracticalInfo() {
  const { info } = useEstablishmentInfo();
  const { address } = info;
  const mapQuery = encodeURIComponent(`${address.street}, ${address.zipCode} ${address.city}, ${address.country}`);
  return (
    <Container as="section" aria-labelledby="practical-title" maxW="7xl" pb={{ base: '12', md: '20' }}>
      <Heading as="h2" id="practical-title" size="3xl" mb="8">
        Informations pratiques
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="8">
        <Stack gap="5">
          <ParkFact as="h3" icon={mapPinIcon} title="Adresse">
            <Text data-testid="practical-address">
              <PostalAddress address={address} />
            </Text>
          </ParkFact>
          <ParkFact as="h3" icon={clockIcon} title="Horaires">
            <Text fontWeight="semibold">{EVENT_HOURS}</Text>
            <OpeningHoursList />
          </ParkFact>
        </Stack>
        <MapPlaceholder city={address.city} minH="56" iconSize={40} gap="3">
          <Button asChild variant="outline" colorPalette="brand" size="sm">
            <a
              href={`https://www.openstreetmap.org/search?query=${mapQuery}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Voir sur OpenStreetMap
            </a>
          </Button>
        </MapPlaceholder>
      </SimpleGrid>
    </Container>
  );
}

export function HomePage() {
  const { info } = useEstablishmentInfo();
  usePageTitle('Accueil');
  return (
    <>
      <Hero name={info.name} />
      {/* One Suspense boundary per section below the fold: the pre-rendered page hydrates in
          short tasks, the hero first (docs/decisions.md, performance rule 15; STACK.md). */}
      <Suspense fallback={null}>
        <WhyChooseUs />
      </Suspense>
      <Suspense fallback={null}>
        <FeaturedActivities />
      </Suspense>
      <Suspense fallback={null}>
        <CallToAction />
      </Suspense>
      <Suspense fallback={null}>
        <PracticalInfo />
      </Suspense>
    </>
  );
}
