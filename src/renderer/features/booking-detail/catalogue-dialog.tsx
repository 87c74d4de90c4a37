import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  CloseButton,
  Dialog,
  Flex,
  Heading,
  Portal,
  Spinner,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { CatalogueItem } from '@shared/api/catalogue.schema';
import { CATEGORY_COLORS, CATEGORY_LABELS } from '@shared/labels';
import { useCatalogue } from '../../shared/api/catalogue';
import { CataloguePicture } from '../../shared/ui/catalogue-picture';
import { mediaUrl } from '../../shared/api/client';
import { formatDuration, formatEuros } from '../../shared/format/format';

export const CATALOGUE_ERROR = 'Erreur lors du chargement des activités et services';

export function priceText(pricing: { basePrice: number; pricingType: string }): string {
  return pricing.pricingType === 'per_person'
    ? `${formatEuros(pricing.basePrice)} / personne`
    : `${formatEuros(pricing.basePrice)} (forfait)`;
}

export function itemImage(images: readonly { url: string; isDefault: boolean }[], fallback?: string | null) {
  return mediaUrl((images.find((image) => image.isDefault) ?? images[0])?.url ?? fallback);
}

/** The item's whole picture, or its category placeholder when missing or broken (SPEC.md §8). */
export function ItemPicture({ src, category }: { src?: string; category: string }) {
  return <CataloguePicture src={src} category={category} width={{ base: '20', sm: '24' }} />;
}

export function CategoryBadge({ category }: { category: string }) {
  const key = category as keyof typeof CATEGORY_LABELS;
  return (
    <Badge colorPalette={CATEGORY_COLORS[key] ?? 'gray'} variant="subtle">
      {CATEGORY_LABELS[key] ?? category}
    </Badge>
  );
}

function CatalogueEntry({
  item,
  onAdd,
  disabled,
}: {
  item: CatalogueItem;
  onAdd: (item: CatalogueItem) => Promise<void>;
  disabled: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const add = async () => {
    setAdding(true);
    try {
      await onAdd(item);
    } finally {
      setAdding(false);
    }
  };
  return (
    <Card.Root as="li" variant="outline" size="sm">
      <Card.Body gap="3">
        <Flex gap="3" align="flex-start">
          <ItemPicture src={itemImage(item.images, item.image)} category={item.category} />
          <Stack gap="1" flex="1" minW="0">
            <Heading as="h4" size="sm">
              {item.name}
            </Heading>
            <Flex gap="2" wrap="wrap" align="center">
              <CategoryBadge category={item.category} />
              {item.kind === 'activity' && item.availability.duration !== null && (
                <Text fontSize="sm" color="fg.muted">
                  {formatDuration(item.availability.duration)}
                </Text>
              )}
            </Flex>
            <Text fontSize="sm" color="fg.muted" lineClamp={3}>
              {item.description}
            </Text>
          </Stack>
        </Flex>
        <Flex gap="3" justify="space-between" align="center" wrap="wrap">
          <Text fontWeight="semibold">{priceText(item.pricing)}</Text>
          <Button size="lg" colorPalette="brand" loading={adding} disabled={disabled} onClick={() => void add()}>
            <Plus aria-hidden />
            Ajouter <VisuallyHidden>{item.name}</VisuallyHidden>
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

function CatalogueGroup({
  title,
  items,
  onAdd,
  disabled,
}: {
  title: string;
  items: CatalogueItem[];
  onAdd: (item: CatalogueItem) => Promise<void>;
  disabled: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <Stack gap="3" as="section" aria-label={title}>
      <Heading as="h3" size="md">
        {title}
      </Heading>
      <Stack as="ul" listStyleType="none" gap="3">
        {items.map((item) => (
          <CatalogueEntry key={item._id} item={item} onAdd={onAdd} disabled={disabled} />
        ))}
      </Stack>
    </Stack>
  );
}

/** The catalogue modal of a day (SPEC.md §2): activities and services the organizer can add. */
export function CatalogueDialog({
  dayTitle,
  open,
  onClose,
  onAdd,
  busy,
}: {
  dayTitle: string;
  open: boolean;
  onClose: () => void;
  onAdd: (item: CatalogueItem) => Promise<void>;
  busy: boolean;
}) {
  const activities = useCatalogue('activities');
  const services = useCatalogue('services');
  const isError = activities.isError || services.isError;
  const isPending = activities.isPending || services.isPending;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => {
        if (!event.open) onClose();
      }}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="16">
              <Dialog.Title>Ajouter une activité ou un service</Dialog.Title>
              <Dialog.Description>{dayTitle}</Dialog.Description>
            </Dialog.Header>
            <Dialog.Body>
              {isPending ? (
                <Center py="10" role="status">
                  <Spinner size="lg" color="brand.solid" aria-hidden />
                  <VisuallyHidden>Chargement du catalogue…</VisuallyHidden>
                </Center>
              ) : isError ? (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{CATALOGUE_ERROR}</Alert.Title>
                </Alert.Root>
              ) : (
                <Stack gap="6">
                  <CatalogueGroup title="Activités" items={activities.data} onAdd={onAdd} disabled={busy} />
                  <CatalogueGroup title="Services" items={services.data} onAdd={onAdd} disabled={busy} />
                  {activities.data.length + services.data.length === 0 && (
                    <Box color="fg.muted">Le catalogue est vide pour le moment.</Box>
                  )}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" size="lg">
                  Fermer
                </Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton aria-label="Fermer le catalogue" size="lg" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
